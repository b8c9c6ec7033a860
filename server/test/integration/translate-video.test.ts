import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { parseWav } from '../../src/media/speech/wav.js';
import { detectDebianEngine } from '../../src/media/translate/index.js';
import { runMediaBinary } from '../../src/media/run-ffmpeg.js';
import { measureLipSync } from '../helpers/lipsync-meter.js';
import { bins, FAST_H264, facePhoto, slideSource } from '../helpers/media-fixtures.js';
import { download } from '../helpers/probe.js';
import { api, createAccount, startServer, upload, waitTask, type TestServer } from '../helpers/server.js';

/**
 * A real translation through the API, on the Debian engines: a face speaking two recorded English
 * readings (pocketsphinx-testdata's LibriVox) becomes an MP4 in Spanish, as long as the source,
 * with the mouth re-rendered to the new speech (measured by the independent lip-sync meter), no
 * duration in the task query, and credits charged by the video's length. Skipped, saying why,
 * where the engines are missing (scripts/run-tests.mjs installs them when it can).
 */

const LIBRIVOX = '/usr/share/pocketsphinx/test/data/librivox';

describe('video/translate on the Debian engines', () => {
  let server: TestServer | null = null;
  let dir = '';
  let skip: string | false = process.env.LIKENESS_TRANSLATION_SKIP ?? false;
  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'likeness-translate-video-'));
    const debian = await detectDebianEngine();
    if (!skip && (!debian || debian.recognises.length === 0)) skip = 'the Debian engines are not installed';
    if (!skip) server = await startServer({}, { translationEngines: [debian!] });
  });
  after(async () => {
    await server?.close();
    await rm(dir, { recursive: true, force: true });
  });

  /**
   * A portrait with the two readings as its sound, 1.2 s apart, 360x640 at 25 fps; `slideAfterSec`:
   * the picture cuts to a slide (no face) at that time, as an interview cuts to other shots.
   */
  async function speakingVideo(slideAfterSec?: number): Promise<{ file: string; sec: number }> {
    const file = path.join(dir, slideAfterSec === undefined ? 'speaker.mp4' : 'speaker-cut.mp4');
    const readings = ['0880', '0920'].map((n) =>
      path.join(LIBRIVOX, `sense_and_sensibility_01_austen_64kb-${n}.wav`),
    );
    // The readings are 16 kHz WAVs: 1.2 s of silence after the first, 1 s after the second.
    const sec = (
      await Promise.all(readings.map(async (r) => parseWav(await readFile(r)).durationSec))
    ).reduce((a, b) => a + b, 2.2);
    const face = '[0]scale=360:640:force_original_aspect_ratio=increase,crop=360:640,format=yuv420p';
    const picture =
      slideAfterSec === undefined
        ? `${face}[v];`
        : `${face},trim=duration=${slideAfterSec}[f];` +
          `${slideSource()}[s];` +
          '[f][s]concat=n=2:v=1:a=0[v];';
    await runMediaBinary(bins.ffmpeg, [
      ...['-hide_banner', '-v', 'error', '-y', '-loop', '1', '-framerate', '25', '-i', facePhoto(1)],
      ...readings.flatMap((r) => ['-i', r]),
      '-filter_complex',
      picture + '[1]apad=pad_len=19200[a1];[a1][2]concat=n=2:v=0:a=1,apad[a]',
      ...['-map', '[v]', '-map', '[a]', '-t', sec.toFixed(3), ...FAST_H264, '-c:a', 'aac', file],
    ]);
    return { file, sec };
  }

  test('English speech becomes a Spanish MP4 of the same length, lips re-rendered, charged by length', async (t) => {
    if (skip || !server) return t.skip(skip || 'no server');
    const { token } = await createAccount(server, { credits: 1000 });
    const source = await speakingVideo();
    const video = await upload(server, token, 'mp4', await readFile(source.file));
    const r = await api(server, 'POST', '/api/v2/svc/video/translate', {
      token,
      body: { video_file_id: video, target_language_code: 'es' },
    });
    assert.equal(r.body.code, 0, JSON.stringify(r.body));
    const done = await waitTask(server, token, '/api/v2/svc/video/task', r.body.task_id, 300_000);
    assert.equal(done.status, 3, JSON.stringify(done));
    assert.equal('duration' in done, false, 'a translation task reports no duration');
    const out = await download(done.video_Url, dir, 'translated.mp4');
    assert.equal(out.info.video?.codec, 'h264');
    assert.equal(out.info.audio?.codec, 'aac');
    assert.equal(out.info.video?.width, 360);
    const drift = Math.abs(out.info.durationSec - source.sec) / source.sec;
    t.diagnostic(`source ${source.sec.toFixed(2)} s, translation ${out.info.durationSec.toFixed(2)} s`);
    assert.ok(drift <= 0.05, `duration ${out.info.durationSec} against ${source.sec}`);
    // Charged by length: 30 credits a minute (the default price), for a video of ~11 s.
    const left = (await api(server, 'GET', '/api/v2/svc/account/credit', { token })).body.left;
    t.diagnostic(`credits left ${left} of 1000`);
    assert.ok(left < 1000 && left >= 1000 - 30, `left ${left}`);
    // The mouth follows the new speech, by a meter that knows nothing of the renderer.
    const lips = await measureLipSync(out.path);
    t.diagnostic(
      `lip-sync r ${lips.r.toFixed(2)} at ${lips.lagMs.toFixed(0)} ms, open ${lips.openRatio.toFixed(2)}, ` +
        `faces ${lips.facesFound}/${lips.frames}`,
    );
    assert.ok(lips.r >= 0.6, `r ${lips.r}`);
  });

  test('a video whose speaker is seen in only part of it: the face is re-animated where it is', async (t) => {
    if (skip || !server) return t.skip(skip || 'no server');
    const { token } = await createAccount(server, { credits: 1000 });
    // The face for the first 4 s of ~11 (under the 60% an avatar's video needs), then a slide.
    const source = await speakingVideo(4);
    const video = await upload(server, token, 'mp4', await readFile(source.file));
    const r = await api(server, 'POST', '/api/v2/svc/video/translate', {
      token,
      body: { video_file_id: video, target_language_code: 'es' },
    });
    const done = await waitTask(server, token, '/api/v2/svc/video/task', r.body.task_id, 300_000);
    assert.equal(done.status, 3, JSON.stringify(done));
    const out = await download(done.video_Url, dir, 'translated-cut.mp4');
    // The source's face is a still picture: any change from frame to frame in its 4 s is the mouth
    // re-rendered to the new speech (a picture kept as filmed would not move at all).
    const motion = await frameMotion(out.path, 0.2, 3.8);
    t.diagnostic(`mean change between frames around the mouth where the face is: ${motion.toFixed(3)}`);
    assert.ok(motion > 0.5, `the mouth moved ${motion} grey levels a frame`);
  });
});

/**
 * Mean absolute change (grey levels) between consecutive frames of `file` from `fromSec` to `toSec`,
 * in the 120x80 box around the portrait's mouth (at 175, 300 in the 360x640 frame).
 */
async function frameMotion(file: string, fromSec: number, toSec: number): Promise<number> {
  const chunks: Buffer[] = [];
  await runMediaBinary(
    bins.ffmpeg,
    [
      ...['-v', 'error', '-ss', String(fromSec), '-i', file, '-t', String(toSec - fromSec)],
      ...['-vf', 'crop=120:80:115:260,format=gray', '-f', 'rawvideo', 'pipe:1'],
    ],
    { onStdout: (o) => o.on('data', (c: Buffer) => chunks.push(c)) },
  );
  const all = Buffer.concat(chunks);
  const size = 120 * 80;
  let sum = 0;
  let pairs = 0;
  for (let f = size; f + size <= all.length; f += size) {
    for (let i = 0; i < size; i++) sum += Math.abs(all[f + i]! - all[f - size + i]!);
    pairs++;
  }
  return pairs ? sum / (pairs * size) : 0;
}
