// Song mode: a vocal (eSpeak speech, or a sung-like tone sequence) mixed with synthetic drums, bass and
// a sustained pad chord made by ffmpeg at test time. The mouth must follow the vocal alone, the beats
// must land on the kick drum, and a long file must not be held in memory. Figures are diagnostics.
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import v8 from 'node:v8';
import vm from 'node:vm';
import { resolveMediaBinaries } from '../../src/media/binaries.js';
import { runMediaBinary } from '../../src/media/run-ffmpeg.js';
import {
  analyseDrivingAudio,
  beatsFromFeatures,
  envelopeCorrelation,
  loudnessEnvelope,
  mouthTimelineFromAudio,
  speechEnvelope,
  steadiness,
  type EnvelopeCorrelation,
} from '../../src/media/animate/timeline/index.js';
import { int16ToFloat } from '../../src/media/speech/dsp.js';
import { createSpeechEngine } from '../../src/media/speech/index.js';
import { parseWav, wavSamples } from '../../src/media/speech/wav.js';

const FPS = 25;
const SR = 16000;
/** 120 bpm; the first kick comes a quarter second in, the vocal a second in. */
const BEAT_SEC = 0.5;
const DRUMS_START_SEC = 0.25;
const VOCAL_START_SEC = 1;

const bins = resolveMediaBinaries();
let dir = '';

interface Song {
  vocal: string;
  mix: string;
  durationSec: number;
}
const songs = new Map<'speech' | 'tone', Song>();

/**
 * Kick (a pitch-swept sine, every beat), snare (noise, beats 2 and 4), hi-hat (short noise, every
 * sixteenth), a steady 55 Hz bass and a sustained A-major pad chord in the middle of the voice band.
 */
function backingExpr(): string {
  const b = BEAT_SEC;
  const kick = `0.9*sin(2*PI*(45+60*exp(-mod(t,${b})*40))*mod(t,${b}))*exp(-mod(t,${b})*14)`;
  const snare = `0.8*(2*random(0)-1)*exp(-mod(t+${b},${2 * b})*28)`;
  const hat = `0.25*(2*random(1)-1)*exp(-mod(t,${b / 4})*90)`;
  const bass = `0.35*sin(2*PI*55*t)`;
  const pad = `0.05*(sin(2*PI*440*t)+sin(2*PI*554.4*t)+sin(2*PI*659.3*t))`;
  return [kick, snare, hat, bass, pad].join('+');
}

/**
 * A sung-like line: eight 0.6 s notes a step apart with vibrato, six harmonics, a swelling and fading
 * envelope per note and 0.15 s breaths between them.
 */
function sungExpr(): string {
  const T = `(t-${VOCAL_START_SEC})`;
  const phase = `mod(${T},0.75)`;
  const f0 = `196*(1+0.125*mod(floor(${T}/0.75),4))`;
  const arg = `(2*PI*${f0}*${T}+0.8*sin(2*PI*5.5*${T}))`;
  const harmonics = [1, 2, 3, 4, 5, 6].map((k) => `sin(${k}*${arg})/${k}`).join('+');
  const gate = `if(lt(${phase},0.6),sin(PI*${phase}/0.6),0)`;
  return `if(between(${T},0,6),0.35*${gate}*(${harmonics}),0)`;
}

async function ffmpeg(args: string[]): Promise<void> {
  await runMediaBinary(bins.ffmpeg, ['-hide_banner', '-nostdin', '-y', ...args]);
}

/** The vocal alone (delayed and padded to the song length), and the vocal over the backing. */
async function makeSong(name: string, vocalInput: string[], durationSec: number): Promise<Song> {
  const vocal = path.join(dir, `${name}-vocal.wav`);
  const mix = path.join(dir, `${name}-mix.wav`);
  const t = String(durationSec);
  await ffmpeg([...vocalInput, '-ac', '1', '-ar', String(SR), '-t', t, '-c:a', 'pcm_s16le', vocal]);
  await ffmpeg([
    '-i',
    vocal,
    '-f',
    'lavfi',
    '-i',
    `aevalsrc=exprs='${backingExpr()}':s=${SR}:d=${t}`,
    '-filter_complex',
    `[1]adelay=${DRUMS_START_SEC * 1000}[b];[0][b]amix=inputs=2:duration=first`,
    '-c:a',
    'pcm_s16le',
    mix,
  ]);
  return { vocal, mix, durationSec };
}

async function rmsEnvelope(wav: string): Promise<Float32Array> {
  const buf = await readFile(wav);
  const info = parseWav(buf);
  return loudnessEnvelope(int16ToFloat(wavSamples(buf, info)), info.sampleRate, FPS);
}

const fmt = (c: EnvelopeCorrelation) => `r=${c.r.toFixed(3)} lag=${Math.round(c.lagSec * 1000)}ms`;

before(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'likeness-mouth-song-'));
  const engine = createSpeechEngine({ ffmpeg: bins.ffmpeg, ffprobe: bins.ffprobe, tmpDir: dir });
  const speechWav = path.join(dir, 'speech.wav');
  const speechSec = await engine
    .synthesize(
      '今天天气很好，我们一起去公园散步吧。你好，欢迎使用数字人视频生成服务。',
      { language: 'zh', profile: null, rate: 1, volume: 1, pitch: 1 },
      speechWav,
    )
    .then((res) => res.durationSec)
    .finally(() => engine.close());
  const delay = `adelay=${VOCAL_START_SEC * 1000},apad`;
  songs.set(
    'speech',
    await makeSong('speech', ['-i', speechWav, '-af', delay], Math.ceil(speechSec + VOCAL_START_SEC + 1)),
  );
  songs.set(
    'tone',
    await makeSong('tone', ['-f', 'lavfi', '-i', `aevalsrc=exprs='${sungExpr()}':s=${SR}:d=8`], 8),
  );
});

after(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

for (const kind of ['speech', 'tone'] as const) {
  test(`song mode: the mouth follows the ${kind} vocal under drums, bass and a pad (r ≥ 0.6, lag < 80 ms)`, async (t) => {
    const song = songs.get(kind)!;
    const vocalFeatures = await analyseDrivingAudio(bins.ffmpeg, song.vocal, { mode: 'speech' });
    const vocalEnvelope = speechEnvelope(vocalFeatures, FPS, song.durationSec);
    const vocalRms = await rmsEnvelope(song.vocal);
    const t0 = performance.now();
    const songFeatures = await analyseDrivingAudio(bins.ffmpeg, song.mix, { mode: 'song' });
    const ms = performance.now() - t0;
    const mouth = mouthTimelineFromAudio(songFeatures, song.durationSec, FPS);
    const naive = mouthTimelineFromAudio(
      await analyseDrivingAudio(bins.ffmpeg, song.mix, { mode: 'speech' }),
      song.durationSec,
      FPS,
    );

    const main = envelopeCorrelation(mouth.open, vocalEnvelope, FPS);
    const vsRms = envelopeCorrelation(mouth.open, vocalRms, FPS);
    const naiveR = envelopeCorrelation(naive.open, vocalEnvelope, FPS);
    const introFrames = Math.floor((VOCAL_START_SEC - 0.1) * FPS);
    const intro = Math.max(...mouth.open.subarray(0, introFrames));
    const naiveIntro = Math.max(...naive.open.subarray(0, introFrames));
    const s = steadiness(mouth.open);
    t.diagnostic(`${kind} song (${song.durationSec} s, analysed in ${ms.toFixed(0)} ms)`);
    t.diagnostic(`song mode vs vocal-only voice envelope: ${fmt(main)}; vs vocal-only RMS: ${fmt(vsRms)}`);
    t.diagnostic(`speech mode on the same mix, for comparison: ${fmt(naiveR)}`);
    t.diagnostic(`drums-only intro: most open ${intro.toFixed(3)} (speech mode ${naiveIntro.toFixed(3)})`);
    t.diagnostic(`open mean|Δ|=${s.meanAbsDelta.toFixed(3)} zigzag=${(100 * s.zigzagRate).toFixed(1)}%`);

    assert.ok(main.r >= 0.6, fmt(main));
    assert.ok(Math.abs(main.lagSec) < 0.08, fmt(main));
    assert.ok(vsRms.r >= 0.6 && Math.abs(vsRms.lagSec) < 0.08, fmt(vsRms));
    // Snare tails still leak a little into the harmonic part: a twitch, far less than speech mode's.
    assert.ok(intro < 0.15 && intro < naiveIntro / 2, `mouth moves to the drums: ${intro}`);
    assert.ok(s.zigzagRate < 0.03 && s.meanAbsDelta < 0.15);
  });
}

test('beats land on the kick drum and give the tempo', async (t) => {
  const song = songs.get('speech')!;
  const beats = beatsFromFeatures(await analyseDrivingAudio(bins.ffmpeg, song.mix, { mode: 'song' }));
  const kicks: number[] = [];
  for (let k = DRUMS_START_SEC; k < song.durationSec - 0.2; k += BEAT_SEC) kicks.push(k);
  const nearest = (x: number, list: readonly number[]) => Math.min(...list.map((y) => Math.abs(x - y)));
  const hitKicks = kicks.filter(
    (k) =>
      nearest(
        k,
        beats.map((b) => b.timeSec),
      ) <= 0.03,
  ).length;
  const onKick = beats.filter((b) => nearest(b.timeSec, kicks) <= 0.03);
  const offsets = onKick.map((b) => b.timeSec - kicks[Math.round((b.timeSec - DRUMS_START_SEC) / BEAT_SEC)]!);
  const meanOffsetMs = (1000 * offsets.reduce((a, b) => a + b, 0)) / Math.max(1, offsets.length);
  // Tempo from a least-squares line through the beats on the kick grid.
  const xs = onKick.map((b) => Math.round((b.timeSec - DRUMS_START_SEC) / BEAT_SEC));
  const ys = onKick.map((b) => b.timeSec);
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  let sxy = 0;
  let sxx = 0;
  xs.forEach((x, i) => {
    sxy += (x - mx) * (ys[i]! - my);
    sxx += (x - mx) ** 2;
  });
  const bpm = 60 / (sxy / sxx);
  const gaps = beats
    .slice(1)
    .map((b, i) => b.timeSec - beats[i]!.timeSec)
    .sort((a, b) => a - b);
  const medianBpm = 60 / gaps[gaps.length >> 1]!;
  t.diagnostic(
    `${beats.length} beats for ${kicks.length} kicks: ${hitKicks} kicks found, ${onKick.length} beats on a kick, ` +
      `mean offset ${meanOffsetMs.toFixed(1)} ms, tempo ${bpm.toFixed(2)} bpm (fit) / ${medianBpm.toFixed(2)} bpm ` +
      `(median gap), true 120`,
  );
  assert.ok(hitKicks >= 0.9 * kicks.length, `${hitKicks} of ${kicks.length} kicks`);
  assert.ok(onKick.length >= 0.9 * beats.length, `${beats.length - onKick.length} beats off the kicks`);
  assert.ok(Math.abs(bpm - 120) < 120 * 0.02, `tempo ${bpm}`);
  assert.ok(Math.abs(medianBpm - 120) < 120 * 0.03, `median tempo ${medianBpm}`);
  for (const b of beats) assert.ok(b.strength > 0 && b.strength <= 1);
});

test('a long file streams through in bounded memory', async (t) => {
  const minutes = 5;
  const wav = path.join(dir, 'long.wav');
  // Speech-like bursts over a quiet hum, so every stage has work to do.
  await ffmpeg([
    '-f',
    'lavfi',
    '-i',
    `aevalsrc=exprs='0.3*sin(2*PI*220*t)*gt(sin(2*PI*3*t),0)+0.01*sin(2*PI*50*t)':s=${SR}:d=${minutes * 60}`,
    '-c:a',
    'pcm_s16le',
    wav,
  ]);
  const pcmBytes = minutes * 60 * SR * 4;
  // Live memory, not garbage awaiting collection: collect before every reading.
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as () => void;
  const live = () => {
    // Twice: array buffers freed by one collection are only swept by the time of the next.
    gc();
    gc();
    const m = process.memoryUsage();
    return m.heapUsed + m.arrayBuffers;
  };
  for (const mode of ['speech', 'song'] as const) {
    const base = live();
    let peak = base;
    const timer = setInterval(() => (peak = Math.max(peak, live())), 200);
    const t0 = performance.now();
    const hops = await analyseDrivingAudio(bins.ffmpeg, wav, { mode })
      .then((f) => f.voiceDb.length)
      .finally(() => clearInterval(timer));
    const sec = (performance.now() - t0) / 1000;
    const growth = peak - base;
    t.diagnostic(
      `${minutes} min in ${mode} mode: ${sec.toFixed(1)} s, peak live memory +${(growth / 2 ** 20).toFixed(1)} MiB ` +
        `(the decoded PCM is ${(pcmBytes / 2 ** 20).toFixed(1)} MiB)`,
    );
    assert.equal(hops, minutes * 60 * 100);
    // The per-hop features (≈ 6 arrays × 60 000 hops × 4 bytes, grown by doubling) are all that grows.
    assert.ok(growth < pcmBytes / 4, `${mode}: memory grew by ${growth} bytes`);
  }
});
