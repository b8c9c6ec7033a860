import assert from 'node:assert/strict';
import { mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import {
  hasAigcMark,
  measureLoudness,
  normaliseLoudness,
  renderAudio,
  renderTalkingVideo,
} from '../../src/media/compose/index.js';
import { buildSoundtrack } from '../../src/media/compose/soundtrack.js';
import { probeMedia } from '../../src/media/probe.js';
import { runMediaBinary } from '../../src/media/run-ffmpeg.js';
import { monoPcm } from '../helpers/probe.js';
import { bins, makeMusic, makePortrait, makeSpeech, makeTempDir, probeStreams } from './compose-fixtures.js';

const SPEECH_SEC = 5.4;
let dir = '';
let cleanup: () => Promise<void> = async () => undefined;
let speech = '';

before(async () => {
  ({ dir, cleanup } = await makeTempDir('likeness-compose-audio-'));
  speech = await makeSpeech(path.join(dir, 'speech.wav'), SPEECH_SEC);
});

after(() => cleanup());

test('normaliseLoudness brings a music stem to -30 LUFS (measured, then one gain)', async (t) => {
  const bgm = await makeMusic(path.join(dir, 'bgm.wav'), 6);
  const before = await measureLoudness(bins, bgm);
  const out = path.join(dir, 'bgm-30.wav');
  const res = await normaliseLoudness(bins, bgm, out, -30);
  const after = await measureLoudness(bins, out);
  assert.ok(Math.abs(after.integratedLufs - -30) <= 1, `measured ${after.integratedLufs}`);
  assert.ok(Math.abs(res.input.integratedLufs - before.integratedLufs) < 0.05);
  t.diagnostic(`bgm ${before.integratedLufs} → ${after.integratedLufs} LUFS (${res.mode})`);

  const louder = path.join(dir, 'speech-16.wav');
  await normaliseLoudness(bins, speech, louder, -16);
  const s = await measureLoudness(bins, louder);
  assert.ok(Math.abs(s.integratedLufs - -16) <= 1, `speech measured ${s.integratedLufs}`);
  assert.ok(s.truePeakDb <= -1, `true peak ${s.truePeakDb}`);
  t.diagnostic(`speech → ${s.integratedLufs} LUFS, true peak ${s.truePeakDb} dBTP`);
});

test('a gain that would push the peaks over the ceiling is limited at true peak, with the timing kept to the sample', async (t) => {
  // A quiet tone with one loud burst in it: reaching -16 LUFS needs the burst taken down.
  const stem = path.join(dir, 'burst.wav');
  // The burst starts at full amplitude (a cosine), so its first sample is easy to find.
  const expr = '0.1*sin(2*PI*220*t)+if(between(t,1,1.05),0.9*cos(2*PI*440*(t-1)),0)';
  await runMediaBinary(bins.ffmpeg, [
    '-hide_banner',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `aevalsrc='${expr}':s=48000:d=6`,
    stem,
  ]);
  const out = path.join(dir, 'burst-16.wav');
  const res = await normaliseLoudness(bins, stem, out, -16);
  assert.equal(res.mode, 'limited');
  const m = await measureLoudness(bins, out);
  assert.ok(Math.abs(m.integratedLufs - -16) <= 0.5, `measured ${m.integratedLufs}`);
  assert.ok(m.truePeakDb <= -1.4, `true peak ${m.truePeakDb}`);
  // Same length, and the burst starts on the same sample (the limiter's look-ahead is taken out).
  const onset = async (file: string) => {
    const x = await monoPcm(bins.ffmpeg, file, 48_000);
    const loud = Math.max(...x.subarray(0, 48_000).map(Math.abs)) * 3;
    return { length: x.length, onset: x.findIndex((v) => Math.abs(v) > loud) };
  };
  const [a, b] = [await onset(stem), await onset(out)];
  assert.equal(b.length, a.length);
  assert.ok(Math.abs(b.onset - a.onset) <= 2, `burst at sample ${a.onset}, then ${b.onset}`);
  t.diagnostic(
    `burst stem → ${m.integratedLufs} LUFS, true peak ${m.truePeakDb} dBTP, onset ${a.onset} → ${b.onset}`,
  );
});

test('silence is measured as -inf and passes through normalisation untouched', async () => {
  const silent = path.join(dir, 'silence.wav');
  await runMediaBinary(bins.ffmpeg, [
    '-hide_banner',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'anullsrc=r=48000:cl=stereo',
    '-t',
    '3',
    silent,
  ]);
  const m = await measureLoudness(bins, silent);
  assert.equal(m.integratedLufs, Number.NEGATIVE_INFINITY);
  const res = await normaliseLoudness(bins, silent, path.join(dir, 'silence-out.wav'), -16);
  assert.equal(res.mode, 'silent');
});

test('renderAudio writes an MP3 as long as the speech, at the mix target, with the AIGC tag', async (t) => {
  const out = path.join(dir, 'work.mp3');
  const progress: number[] = [];
  const res = await renderAudio(
    bins,
    { speech: { path: speech }, outputPath: out, mixLufs: -18, aigcTag: { produceId: 'a-1' } },
    { onProgress: (f) => progress.push(f) },
  );
  const info = await probeMedia(bins.ffprobe, out);
  assert.equal(info.audio?.codec, 'mp3');
  assert.equal(info.video, null);
  assert.ok(Math.abs(info.durationSec - SPEECH_SEC) <= 0.1, `duration ${info.durationSec}`);
  assert.ok(Math.abs(res.durationSec - info.durationSec) < 0.001);
  const { tags } = await probeStreams(out);
  assert.ok(hasAigcMark(tags.comment), `comment ${tags.comment}`);
  const loud = await measureLoudness(bins, out);
  assert.ok(Math.abs(loud.integratedLufs - -18) <= 1, `measured ${loud.integratedLufs}`);
  assert.equal(progress[progress.length - 1], 1);
  t.diagnostic(`mp3 ${info.durationSec}s for ${SPEECH_SEC}s of speech, ${loud.integratedLufs} LUFS`);

  // That MP3 (encoder delay and padding included) as the speech of a video: still the same length.
  const video = path.join(dir, 'from-mp3.mp4');
  const portrait = await makePortrait(path.join(dir, 'p.jpg'), 300, 400);
  await renderTalkingVideo(bins, {
    avatar: { kind: 'image', path: portrait, motion: 'still' },
    speech: { path: out },
    output: { path: video, width: 180, height: 320, fps: 25, preset: 'ultrafast' },
  });
  const v = await probeMedia(bins.ffprobe, video);
  assert.ok(
    Math.abs(v.durationSec - info.durationSec) <= 0.1,
    `video ${v.durationSec} vs mp3 ${info.durationSec}`,
  );
  t.diagnostic(`video from mp3 speech: ${v.durationSec}s`);
});

test('renderAudio without targets keeps the speech level and writes no tag', async () => {
  const out = path.join(dir, 'plain.mp3');
  await renderAudio(bins, { speech: { path: speech }, outputPath: out });
  const { tags } = await probeStreams(out);
  assert.equal(tags.comment, undefined);
  const a = await measureLoudness(bins, speech);
  const b = await measureLoudness(bins, out);
  // Mono speech becomes stereo as a centre channel (-3 dB per side), so the loudness is kept.
  assert.ok(
    Math.abs(b.integratedLufs - a.integratedLufs) <= 0.6,
    `${a.integratedLufs} → ${b.integratedLufs}`,
  );
});

test("a talking video's linear speech gain is applied by its encode, not by a pass of its own; a limited one is still written", async (t) => {
  /** The soundtrack of the speech alone at `targetLufs`, the gain folded where it can be, in its own folder. */
  const speechAt = async (name: string, targetLufs: number) => {
    const out = path.join(dir, name);
    await mkdir(out);
    const opts = { foldGain: true };
    return {
      out,
      report: await buildSoundtrack(bins, { speech: { path: speech, targetLufs } }, SPEECH_SEC, out, opts),
    };
  };
  // Speech alone with a target: measured, nothing written, the gain folded into the chain.
  const { out: folded, report } = await speechAt('fold', -20);
  assert.equal(report.path, speech);
  assert.equal(report.speech?.mode, 'linear');
  assert.match(report.filter ?? '', /volume=-?[\d.]+dB$/);
  assert.deepEqual(await readdir(folded), []);

  // The video made with it is at the target, as long as the speech.
  const portrait = await makePortrait(path.join(dir, 'fold.jpg'), 300, 400);
  const video = path.join(dir, 'folded.mp4');
  const res = await renderTalkingVideo(bins, {
    avatar: { kind: 'image', path: portrait, motion: 'still' },
    speech: { path: speech, targetLufs: -20 },
    output: { path: video, width: 180, height: 320, fps: 25, preset: 'ultrafast' },
  });
  assert.equal(res.soundtrack.speech?.mode, 'linear');
  assert.ok(res.soundtrack.filter, 'the gain was folded into the encode');
  const loud = await measureLoudness(bins, video);
  assert.ok(Math.abs(loud.integratedLufs - -20) <= 0.5, `measured ${loud.integratedLufs}`);
  const v = await probeMedia(bins.ffprobe, video);
  assert.ok(Math.abs(v.durationSec - SPEECH_SEC) <= 0.1, `duration ${v.durationSec}`);

  // A gain that needs the limiter is written as before (and so is one with beds to mix).
  const { out: limited, report: loudReport } = await speechAt('limited', -6);
  assert.equal(loudReport.speech?.mode, 'limited');
  assert.equal(loudReport.filter, null);
  assert.equal(loudReport.path, path.join(limited, 'speech.wav'));
  t.diagnostic(
    `folded: ${loud.integratedLufs} LUFS in the video; limited written to ${path.basename(loudReport.path)}`,
  );
});
