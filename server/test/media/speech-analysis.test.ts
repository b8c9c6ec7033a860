import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { resolveMediaBinaries } from '../../src/media/binaries.js';
import { runMediaBinary } from '../../src/media/run-ffmpeg.js';
import { FAST_H264 } from '../helpers/media-fixtures.js';
import {
  SpeechInputError,
  createSpeechEngine,
  type SpeechEngine,
  type SpeechInputReason,
  type VoiceProfile,
  type VoiceSettings,
} from '../../src/media/speech/index.js';

const bins = resolveMediaBinaries();
let dir = '';
let engine: SpeechEngine;

const TEXT_ZH =
  '你好，欢迎使用数字人视频生成服务。今天天气很好，我们一起去公园散步吧。明天可能会下雨，出门记得带伞。';
const TEXT_EN =
  'Hello, and welcome to the digital avatar video service. The weather is lovely today, so let us take a walk in the park.';

const profile = (medianPitchHz: number, syllablesPerSec: number): VoiceProfile => ({
  medianPitchHz,
  pitchP10Hz: medianPitchHz * 0.85,
  pitchP90Hz: medianPitchHz * 1.2,
  syllablesPerSec,
  loudnessLufs: -20,
  speechRatio: 0.85,
});
const pct = (a: number, b: number) => (100 * (a - b)) / b;
const ffmpeg = (args: string[]) =>
  runMediaBinary(bins.ffmpeg, ['-hide_banner', '-v', 'error', '-y', ...args]);

async function rejection(file: string): Promise<SpeechInputReason> {
  try {
    await engine.analyseSample(file);
  } catch (err) {
    assert.ok(err instanceof SpeechInputError, String(err));
    return err.reason;
  }
  assert.fail(`${path.basename(file)} was accepted`);
}

before(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'likeness-speech-analysis-'));
  engine = createSpeechEngine({ ...bins, tmpDir: path.join(dir, 'tmp') });
});

after(async () => {
  await engine.close();
  await rm(dir, { recursive: true, force: true });
});

test('analysing speech the engine made recovers its pitch and rate (wav and mp3)', async (t) => {
  for (const [lang, text, hz, syl] of [
    ['zh', TEXT_ZH, 120, 3.8],
    ['zh', TEXT_ZH, 230, 4.3],
    ['en', TEXT_EN, 180, 5.0],
  ] as const) {
    const voice: VoiceSettings = { language: lang, profile: profile(hz, syl), rate: 1, volume: 1, pitch: 1 };
    const wav = path.join(dir, `sample-${hz}.wav`);
    const res = await engine.synthesize(text, voice, wav);
    assert.ok(res.durationSec > 5, `${res.durationSec}`);
    const mp3 = path.join(dir, `sample-${hz}.mp3`);
    await ffmpeg(['-i', wav, '-ac', '2', '-ar', '44100', '-c:a', 'libmp3lame', '-b:a', '96k', mp3]);
    for (const file of [wav, mp3]) {
      const t0 = performance.now();
      const got = await engine.analyseSample(file);
      const ms = performance.now() - t0;
      const pitchErr = pct(got.medianPitchHz, hz);
      const rateErr = pct(got.syllablesPerSec, syl);
      assert.ok(Math.abs(pitchErr) < 5, `${path.basename(file)}: median ${got.medianPitchHz} vs ${hz}`);
      assert.ok(Math.abs(rateErr) < 15, `${path.basename(file)}: ${got.syllablesPerSec} syl/s vs ${syl}`);
      assert.ok(got.pitchP10Hz < got.medianPitchHz && got.medianPitchHz < got.pitchP90Hz);
      assert.ok(got.speechRatio > 0.6 && got.speechRatio <= 1, `speech ratio ${got.speechRatio}`);
      assert.ok(got.loudnessLufs > -30 && got.loudnessLufs < -10, `loudness ${got.loudnessLufs}`);
      // The profile is stored as JSON.
      assert.deepEqual(JSON.parse(JSON.stringify(got)), got);
      t.diagnostic(
        `${path.basename(file)}: ${hz} Hz → ${got.medianPitchHz} Hz (${pitchErr.toFixed(2)}%), ${syl} → ${got.syllablesPerSec} syl/s (${rateErr.toFixed(1)}%), ${got.loudnessLufs} LUFS, ${ms.toFixed(0)} ms`,
      );
    }
  }
});

test('silence and pure noise are "no-speech"', async () => {
  const silence = path.join(dir, 'silence.wav');
  await ffmpeg(['-f', 'lavfi', '-i', 'anullsrc=r=16000:cl=mono', '-t', '8', silence]);
  assert.equal(await rejection(silence), 'no-speech');
  const noise = path.join(dir, 'noise.m4a');
  await ffmpeg(['-f', 'lavfi', '-i', 'anoisesrc=r=44100:a=0.3:c=pink', '-t', '8', '-c:a', 'aac', noise]);
  assert.equal(await rejection(noise), 'no-speech');
  const tone = path.join(dir, 'tone.wav');
  await ffmpeg(['-f', 'lavfi', '-i', 'sine=f=220:r=16000', '-t', '8', tone]);
  assert.equal(await rejection(tone), 'no-speech');
});

test('too short, too long, clipped, noisy and unreadable samples are refused', async () => {
  const speech = path.join(dir, 'speech.wav');
  await engine.synthesize(TEXT_ZH, { language: 'zh', profile: null, rate: 1, volume: 1, pitch: 1 }, speech);

  const short = path.join(dir, 'short.wav');
  await ffmpeg(['-i', speech, '-t', '3', short]);
  assert.equal(await rejection(short), 'too-short');

  const long = path.join(dir, 'long.mp3');
  await ffmpeg(['-stream_loop', '25', '-i', speech, '-t', '200', '-c:a', 'libmp3lame', '-b:a', '32k', long]);
  assert.equal(await rejection(long), 'too-long');

  const clipped = path.join(dir, 'clipped.wav');
  await ffmpeg(['-i', speech, '-af', 'volume=12', clipped]);
  assert.equal(await rejection(clipped), 'clipping');

  const noisy = path.join(dir, 'noisy.wav');
  await ffmpeg([
    '-i',
    speech,
    '-f',
    'lavfi',
    '-i',
    'anoisesrc=r=22050:a=0.06:c=white',
    '-filter_complex',
    '[0:a][1:a]amix=inputs=2:duration=first',
    noisy,
  ]);
  assert.equal(await rejection(noisy), 'noisy');

  const text = path.join(dir, 'not-audio.mp3');
  await writeFile(text, 'this is not audio at all');
  assert.equal(await rejection(text), 'unreadable');
  const video = path.join(dir, 'video-only.mp4');
  await ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=s=64x64:r=5', '-t', '6', ...FAST_H264, video]);
  assert.equal(await rejection(video), 'unreadable');
  await assert.rejects(engine.analyseSample(path.join(dir, 'missing.wav')), SpeechInputError);
});

test('the same speech with moderate room noise is still accepted', async () => {
  const speech = path.join(dir, 'speech2.wav');
  await engine.synthesize(TEXT_EN, { language: 'en', profile: null, rate: 1, volume: 1, pitch: 1 }, speech);
  const roomy = path.join(dir, 'roomy.wav');
  await ffmpeg([
    '-i',
    speech,
    '-f',
    'lavfi',
    '-i',
    'anoisesrc=r=22050:a=0.004:c=pink',
    '-filter_complex',
    '[0:a][1:a]amix=inputs=2:duration=first',
    roomy,
  ]);
  const got = await engine.analyseSample(roomy);
  assert.ok(got.medianPitchHz > 90 && got.medianPitchHz < 115, `${got.medianPitchHz}`);
});

test('the F0 tracker holds through a phone line, background noise, low level and MP3', async (t) => {
  const clean = path.join(dir, 'f0-clean.wav');
  const voice = { language: 'en' as const, profile: profile(165, 4.8), rate: 1, volume: 1, pitch: 1 };
  await engine.synthesize(TEXT_EN, voice, clean);
  const ref = await engine.analyseSample(clean);
  const variants: [string, string[]][] = [
    // 300-3400 Hz: the fundamental itself is gone, only its harmonics remain.
    ['phone', ['-af', 'highpass=f=300,highpass=f=300,lowpass=f=3400,lowpass=f=3400', '-ar', '8000']],
    ['quiet', ['-af', 'volume=0.03']],
    ['mp3-32k', ['-c:a', 'libmp3lame', '-b:a', '32k']],
  ];
  const lines = [`clean ${ref.medianPitchHz} Hz`];
  for (const [name, args] of variants) {
    const out = path.join(dir, `f0-${name}.${name.startsWith('mp3') ? 'mp3' : 'wav'}`);
    await ffmpeg(['-i', clean, ...args, out]);
    const got = await engine.analyseSample(out);
    const err = pct(got.medianPitchHz, ref.medianPitchHz);
    lines.push(`${name} ${got.medianPitchHz} Hz (${err.toFixed(2)}%)`);
    assert.ok(Math.abs(err) < 5, `${name}: ${got.medianPitchHz} vs ${ref.medianPitchHz}`);
    if (name === 'quiet') {
      // The level changes only the loudness (and the 16-bit rounding of 3 % of it: a tenth of a hertz).
      assert.ok(Math.abs(got.medianPitchHz - ref.medianPitchHz) <= 0.2, `${got.medianPitchHz}`);
      assert.ok(Math.abs(got.loudnessLufs - ref.loudnessLufs + 30.5) < 0.3, `${got.loudnessLufs}`);
    }
  }
  // Speech with room noise 20 dB under it.
  const noisy = path.join(dir, 'f0-noisy.wav');
  await ffmpeg([
    '-i',
    clean,
    '-f',
    'lavfi',
    '-i',
    'anoisesrc=r=22050:a=0.01:c=pink',
    '-filter_complex',
    '[0:a][1:a]amix=inputs=2:duration=first',
    noisy,
  ]);
  const n = await engine.analyseSample(noisy);
  lines.push(`noisy ${n.medianPitchHz} Hz`);
  assert.ok(Math.abs(pct(n.medianPitchHz, ref.medianPitchHz)) < 5);
  t.diagnostic(lines.join(', '));
});

test('formants and tilt are part of the profile', async () => {
  const wav = path.join(dir, 'timbre.wav');
  await engine.synthesize(TEXT_ZH, { language: 'zh', profile: null, rate: 1, volume: 1, pitch: 1 }, wav);
  const p = await engine.analyseSample(wav, { language: 'zh' });
  assert.equal(p.language, 'zh');
  assert.ok(p.f1Hz! > 250 && p.f1Hz! < p.f2Hz! && p.f2Hz! < p.f3Hz! && p.f3Hz! < 4000, JSON.stringify(p));
  assert.ok(p.tiltDbPerOct! < -3 && p.tiltDbPerOct! > -9, `${p.tiltDbPerOct}`);
  assert.equal(p.bandDb!.length, 13);
});

test('a hum with a syllable-like rhythm is not speech', async () => {
  const hum = path.join(dir, 'hum.wav');
  await ffmpeg([
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=220:duration=6:sample_rate=22050',
    '-af',
    'volume=0.5,tremolo=f=4:d=0.9',
    '-ac',
    '1',
    hum,
  ]);
  assert.equal(await rejection(hum), 'no-speech');
});
