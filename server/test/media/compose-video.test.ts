import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdir, open, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import {
  ComposeInputError,
  extractFrame,
  hasAigcMark,
  measureLoudness,
  renderTalkingVideo,
  type SubtitleStyle,
  type TalkingVideoJob,
} from '../../src/media/compose/index.js';
import { probeMedia } from '../../src/media/probe.js';
import { runMediaBinary } from '../../src/media/run-ffmpeg.js';
import {
  bins,
  ffmpegsRunning,
  makeAvatarVideo,
  makeRampVideo,
  makeSpeech,
  makeTempDir,
  meanDiff,
  probeStreams,
  readPixels,
  testOutputDir,
} from './compose-fixtures.js';

// Talking video without a template: a 2.5 s avatar clip looped under 5.3 s of speech.
const W = 360;
const H = 640;
const SPEECH_SEC = 5.3;
const style: SubtitleStyle = {
  fontName: null,
  fontSize: 40,
  primaryColor: '#ffffff',
  outlineColor: '#000000',
  x: 20,
  y: 500,
  width: 320,
  height: 100,
};
const subtitleArea = { x: 20, y: 500, width: 320, height: 100 };

let dir = '';
let cleanup: () => Promise<void> = async () => undefined;
let speech = '';
let clip = '';

function job(out: string, extra: Partial<TalkingVideoJob> = {}): TalkingVideoJob {
  return {
    avatar: { kind: 'video', path: clip, startSec: 0.5 },
    speech: { path: speech },
    output: { path: path.join(dir, out), width: W, height: H, fps: 25, preset: 'ultrafast' },
    ...extra,
  };
}

before(async () => {
  ({ dir, cleanup } = await makeTempDir('likeness-compose-video-'));
  speech = await makeSpeech(path.join(dir, 'speech.wav'), SPEECH_SEC);
  clip = await makeAvatarVideo(path.join(dir, 'clip.mp4'), 2.5);
});

after(() => cleanup());

test('loops a short avatar clip with a cross-fade, burns Chinese subtitles and marks the work as AIGC', async (t) => {
  const progress: number[] = [];
  const res = await renderTalkingVideo(
    bins,
    job('subbed.mp4', {
      subtitles: {
        cues: [
          { text: '你好，欢迎使用数字人视频生成服务。', startSec: 0, endSec: 2.8 },
          { text: '今天天气很好，我们开始吧！', startSec: 2.8, endSec: SPEECH_SEC },
        ],
        style,
      },
      mixLufs: -16,
      aigcLabel: { text: 'AI生成', produceId: 'work-123' },
      still: { path: path.join(dir, 'still.jpg'), atSec: 1.6 },
    }),
    { onProgress: (f) => progress.push(f) },
  );
  assert.equal(res.loopMode, 'crossfade');
  assert.equal(res.subtitleFont?.fallback, false);

  const out = path.join(dir, 'subbed.mp4');
  const info = await probeMedia(bins.ffprobe, out);
  assert.match(info.formatName, /mp4/);
  assert.equal(info.video?.codec, 'h264');
  assert.equal(info.video?.width, W);
  assert.equal(info.video?.height, H);
  assert.equal(info.audio?.codec, 'aac');
  assert.ok(Math.abs(info.durationSec - SPEECH_SEC) <= 0.1, `duration ${info.durationSec}`);
  const { streams, tags } = await probeStreams(out);
  assert.equal(streams.find((s) => s.codec_type === 'video')?.pix_fmt, 'yuv420p');
  assert.ok(hasAigcMark(tags.comment), `comment tag: ${tags.comment}`);
  assert.match(tags.comment ?? '', /"ProduceID":"work-123"/);

  const loud = await measureLoudness(bins, out);
  assert.ok(Math.abs(loud.integratedLufs - -16) <= 1, `mix measured ${loud.integratedLufs} LUFS`);

  t.diagnostic(`duration ${info.durationSec}s for ${SPEECH_SEC}s of speech; mix ${loud.integratedLufs} LUFS`);
  assert.ok(progress.length >= 2, 'progress reported');
  assert.deepEqual(
    [...progress].sort((a, b) => a - b),
    progress,
    'progress never goes back',
  );
  assert.equal(progress[progress.length - 1], 1);

  // The same job without subtitles: the subtitle area must differ, the rest of the frame not much.
  await renderTalkingVideo(bins, job('plain.mp4', { mixLufs: -16, aigcLabel: { text: 'AI生成' } }));
  await mkdir(testOutputDir, { recursive: true });
  const subbedPng = path.join(testOutputDir, 'compose-video-subtitles.png');
  const plainPng = path.join(dir, 'plain.png');
  await extractFrame(bins, out, 1.5, subbedPng);
  await extractFrame(bins, path.join(dir, 'plain.mp4'), 1.5, plainPng);
  const a = await readPixels(subbedPng);
  const b = await readPixels(plainPng);
  assert.equal(a.width, W);
  const inArea = meanDiff(a, b, subtitleArea);
  const above = meanDiff(a, b, { x: 0, y: 120, width: W, height: 300 });
  assert.ok(inArea > 12, `subtitle area differs by ${inArea.toFixed(1)}`);
  assert.ok(above < 3, `picture above the subtitles differs by ${above.toFixed(1)}`);
  // The AIGC mark sits in the top-right corner of both.
  const plainVsSubbedCorner = meanDiff(a, b, { x: W - 80, y: 10, width: 70, height: 30 });
  assert.ok(plainVsSubbedCorner < 3);

  // The still written by the same encode is a JPEG of the frame at 1.6 s as the video shows it
  // (subtitles and mark included), up to the encoders' losses.
  const still = path.join(dir, 'still.jpg');
  const stillInfo = (await probeStreams(still)).streams[0];
  assert.equal(stillInfo?.codec_name, 'mjpeg');
  const s = await readPixels(still);
  assert.equal(s.width, W);
  assert.equal(s.height, H);
  const whole = { x: 0, y: 0, width: W, height: H };
  const diffs: number[] = [];
  for (const sec of [1.56, 1.6, 1.64])
    diffs.push(meanDiff(s, await readPixels(await frameAt(out, sec)), whole));
  const [before, own, next] = diffs as [number, number, number];
  const otherCue = meanDiff(s, await readPixels(await frameAt(out, 4)), subtitleArea);
  t.diagnostic(
    `still against the video at 1.56, 1.6, 1.64 s: ${[before, own, next].map((d) => d.toFixed(2)).join(', ')}; ` +
      `subtitles against 4 s (the next cue): ${otherCue.toFixed(1)}`,
  );
  assert.ok(own < 5, `the still differs from the video's frame at 1.6 s by ${own.toFixed(2)}`);
  assert.ok(own < before && own < next, 'the still is the frame at 1.6 s, not a neighbour');
  assert.ok(otherCue > 12, 'the still shows the subtitle of its own time');
});

async function frameAt(video: string, sec: number): Promise<string> {
  const png = path.join(dir, `frame-${sec}.png`);
  await extractFrame(bins, video, sec, png);
  return png;
}

test('the loop point shows no jump between frames', async (t) => {
  const out = path.join(dir, 'loop.mp4');
  const ramp = await makeRampVideo(path.join(dir, 'ramp.mp4'), 2.5);
  await renderTalkingVideo(bins, {
    ...job('loop.mp4'),
    avatar: { kind: 'video', path: ramp, startSec: 0.5 },
  });
  // Frame-to-frame change of the brightening clip: a plain cut back to the start would change
  // the luma by ~140 in one frame; the cross-fade spreads that over about half a second.
  const raw = path.join(dir, 'loop.gray');
  await runMediaBinary(bins.ffmpeg, [
    '-hide_banner',
    '-y',
    '-i',
    out,
    '-vf',
    'scale=90:160,format=gray',
    '-f',
    'rawvideo',
    raw,
  ]);
  const data = await readFile(raw);
  const n = 90 * 160;
  const frames = data.length / n;
  assert.ok(Math.abs(frames - Math.round(SPEECH_SEC * 25)) <= 1, `${frames} frames`);
  const diffs: number[] = [];
  for (let f = 1; f < frames; f++) {
    let s = 0;
    for (let i = 0; i < n; i++) s += Math.abs((data[f * n + i] ?? 0) - (data[(f - 1) * n + i] ?? 0));
    diffs.push(s / n);
  }
  const worst = Math.max(...diffs);
  assert.ok(worst < 30, `largest frame-to-frame change ${worst.toFixed(1)}`);
  t.diagnostic(
    `largest frame-to-frame luma change ${worst.toFixed(1)} (a plain cut here measures about 140-200)`,
  );
});

test('an avatar clip longer than the speech plays once from startSec', async () => {
  const long = await makeAvatarVideo(path.join(dir, 'long.mp4'), 7);
  const res = await renderTalkingVideo(bins, {
    ...job('once.mp4'),
    avatar: { kind: 'video', path: long, startSec: 1 },
  });
  assert.equal(res.loopMode, 'once');
  assert.ok(Math.abs(res.durationSec - SPEECH_SEC) <= 0.1);
});

test('abort kills the encoder and removes the working folder', async () => {
  const tmpDir = path.join(dir, 'abort-tmp');
  await mkdir(tmpDir);
  // The final encode (the only ffmpeg run that writes MP4) is held: a wrapper records its pid and
  // waits instead of encoding, so the render cannot finish before the abort, however fast it runs.
  // Every other run is the real ffmpeg.
  const pidFile = path.join(dir, 'encoder.pid');
  const held = path.join(dir, 'ffmpeg-holding-the-encode.sh');
  await writeFile(
    held,
    `#!/bin/sh\ncase " $* " in *" -f mp4 "*) echo $$ > '${pidFile}.tmp'; mv '${pidFile}.tmp' '${pidFile}'; exec sleep 600;; esac\n` +
      `exec '${bins.ffmpeg}' "$@"\n`,
    { mode: 0o755 },
  );
  const ac = new AbortController();
  const pending = renderTalkingVideo({ ...bins, ffmpeg: held }, job('aborted.mp4'), {
    signal: ac.signal,
    tmpDir,
  });
  // A render that ends before its encode starts fails the test with its own error, not a time-out.
  const pid = await Promise.race([
    waitForPid(pidFile),
    pending.then(() => assert.fail('the render finished without its encode')),
  ]);
  ac.abort(new Error('stop'));
  await assert.rejects(pending, /stop/);
  assert.throws(() => process.kill(pid, 0), { code: 'ESRCH' }, 'the encoder still runs');
  assert.deepEqual(await readdir(tmpDir), []);
  await assert.rejects(stat(path.join(dir, 'aborted.mp4')), { code: 'ENOENT' });
});

/** The pid a held encoder wrote (the file appears whole: it is renamed into place). */
async function waitForPid(file: string): Promise<number> {
  for (;;) {
    const text = await readFile(file, 'utf8').catch(() => null);
    if (text) return Number(text.trim());
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

test('less than a second of material loops with a plain cut', async () => {
  const short = await makeAvatarVideo(path.join(dir, 'short.mp4'), 0.8);
  const res = await renderTalkingVideo(bins, {
    ...job('cut.mp4'),
    avatar: { kind: 'video', path: short, startSec: 0 },
  });
  assert.equal(res.loopMode, 'cut');
  assert.ok(Math.abs(res.durationSec - SPEECH_SEC) <= 0.1);
});

test('unusable inputs are reported as ComposeInputError', async () => {
  // The avatar clip has no audio track, so it cannot be the speech.
  await assert.rejects(
    renderTalkingVideo(bins, { ...job('bad.mp4'), speech: { path: clip } }),
    (err: unknown) => err instanceof ComposeInputError && err.input === 'speech',
  );
  await assert.rejects(
    renderTalkingVideo(bins, { ...job('bad.mp4'), avatar: { kind: 'video', path: speech, startSec: 0 } }),
    (err: unknown) => err instanceof ComposeInputError && err.input === 'avatar',
  );
  // A picture that is not one fails with its check's error, not the decoder's (both run at once).
  await assert.rejects(
    renderTalkingVideo(bins, { ...job('bad.mp4'), avatar: { kind: 'image', path: speech, motion: 'still' } }),
    (err: unknown) => err instanceof ComposeInputError && err.input === 'avatar',
  );
  await assert.rejects(
    renderTalkingVideo(
      bins,
      job('bad.mp4', { output: { path: path.join(dir, 'bad.mp4'), width: 360, height: 640, fps: 0 } }),
    ),
    (err: unknown) => err instanceof ComposeInputError && err.input === 'output',
  );
});

test('a render that fails at its start stops the work it started ahead (the sound analysis)', async () => {
  // The speech is a pipe that never delivers: the analysis, started before the probes, would read it
  // forever. The avatar (with a face, so the sound is analysed) is no video: the render fails there.
  const fifo = path.join(dir, 'silent.fifo');
  execFileSync('mkfifo', [fifo]);
  const writer = await open(fifo, 'r+'); // a writer that never writes: readers wait, never see the end
  try {
    await assert.rejects(
      renderTalkingVideo(bins, {
        ...job('stopped.mp4'),
        speech: { path: fifo, durationSec: 3 },
        avatar: {
          kind: 'video',
          path: speech,
          startSec: 0,
          face: { width: W, height: H, sampleFps: 8, startSec: 0, samples: [] },
        },
      }),
      (err: unknown) => err instanceof ComposeInputError && err.input === 'avatar',
    );
    // Only the ffmpeg reading this pipe: an earlier test's process that a loaded machine has not yet
    // reaped is not this render's.
    const left = await ffmpegsRunning(10_000, fifo);
    assert.deepEqual(left, [], 'no ffmpeg is left reading the speech');
  } finally {
    await writer.close();
  }
});
