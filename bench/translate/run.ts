// bench/translate: a 60-second video translated through the public API, as a user times it: from
// `POST /video/translate` until `GET /video/task` answers status 3 (the speech's recognition, its
// translation, the new voice, the mix, the re-rendered mouth and the upload included). The video is
// a portrait speaking recorded English (the LibriVox readings of Debian's pocketsphinx-testdata,
// 1 s apart, repeated to fill 60 s), 720x1280 at 25 fps; the server runs on the Debian engines
// (README: video translation). Reports the time as a multiple of real time, and against a baseline
// measured in the same run: a bare ffmpeg decode + encode of the same video with the same x264 and
// AAC settings. BENCH_TRANSLATE_RUNS (default 2) translations, each after its own bare encode.
import { readdir, readFile, rm, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveMediaBinaries } from '../../server/src/media/binaries.js';
import { aacArgs, DEFAULT_VIDEO_ENCODER, x264Args } from '../../server/src/media/ffmpeg/encode-args.js';
import { runMediaBinary } from '../../server/src/media/run-ffmpeg.js';
import { parseWav } from '../../server/src/media/speech/wav.js';
import { facePhoto } from '../../server/test/helpers/media-fixtures.js';
import { Cleanup } from '../lib/cleanup.js';
import { cliJson, serverRoot, startLikeness, stopProcess } from '../lib/spawn.js';
import { svcClient } from '../lib/svc.js';

const SECONDS = 60;
const RUNS = Math.max(1, Number(process.env.BENCH_TRANSLATE_RUNS ?? 2));
const LIBRIVOX = '/usr/share/pocketsphinx/test/data/librivox';

const bins = resolveMediaBinaries();
const cleanup = new Cleanup();
const work = await mkdtemp(join(tmpdir(), 'likeness-translate-bench-'));
cleanup.add('work dir', () => rm(work, { recursive: true, force: true }));
const ff = (args: string[]) => runMediaBinary(bins.ffmpeg, ['-hide_banner', '-v', 'error', '-y', ...args]);

/** The portrait speaking the readings, each followed by 1 s of silence, over and over, 60 s. */
async function speakingVideo(): Promise<string> {
  const names = (await readdir(LIBRIVOX)).filter((n) => n.endsWith('.wav')).sort();
  if (names.length === 0)
    throw new Error(`no readings in ${LIBRIVOX}: apt-get install pocketsphinx-testdata`);
  const files: string[] = [];
  for (let sec = 0; sec < SECONDS;) {
    for (const n of names) {
      files.push(join(LIBRIVOX, n));
      sec += parseWav(await readFile(join(LIBRIVOX, n))).durationSec + 1;
    }
  }
  const pads = files.map((_, i) => `[${i + 1}]apad=pad_len=16000[a${i}]`).join(';');
  const joined = files.map((_, i) => `[a${i}]`).join('');
  const out = join(work, 'speaker.mp4');
  await ff([
    ...['-loop', '1', '-framerate', '25', '-i', facePhoto(1), ...files.flatMap((f) => ['-i', f])],
    '-filter_complex',
    `[0]scale=720:1280:force_original_aspect_ratio=increase,crop=720:1280,format=yuv420p[v];` +
      `${pads};${joined}concat=n=${files.length}:v=0:a=1[a]`,
    ...['-map', '[v]', '-map', '[a]', '-t', String(SECONDS)],
    ...x264Args({ preset: 'veryfast', crf: 18 }),
    ...['-c:a', 'aac', out],
  ]);
  return out;
}

/** What a user would otherwise run on the same video: decode and encode it with the same settings. */
async function bareEncode(video: string): Promise<number> {
  const t0 = performance.now();
  await ff(['-i', video, ...x264Args(DEFAULT_VIDEO_ENCODER), ...aacArgs(), join(work, 'bare.mp4')]);
  return performance.now() - t0;
}

try {
  const logs: Record<string, unknown>[] = [];
  const server = await startLikeness(
    { LIKENESS_CATALOGUE_PRERENDER: 'off', LIKENESS_LOG_LEVEL: 'info' },
    {
      onLine: (line) => {
        if (line.includes('"work rendered"')) logs.push(JSON.parse(line) as Record<string, unknown>);
      },
    },
  );
  cleanup.add('server', async () => {
    await stopProcess(server.child);
    await rm(server.dataDir, { recursive: true, force: true });
  });
  const account = await cliJson(['accounts', 'create', '--credits', '1000000'], server.env, serverRoot);
  const { call, upload, wait } = svcClient(server.url, account.token!);
  const video = await speakingVideo();
  const fileId = await upload('mp4', await readFile(video));
  const rows: string[] = [];
  for (let run = 1; run <= RUNS; run++) {
    const bare = await bareEncode(video);
    const t0 = performance.now();
    const task = await call('POST', '/video/translate', {
      video_file_id: fileId,
      target_language_code: 'es',
    });
    const done = await wait('/video/task', task.task_id, { everyMs: 50, timeoutMs: 1_800_000 });
    const ms = performance.now() - t0;
    if (done.status !== 3) throw new Error(`translation failed: ${JSON.stringify(done)}`);
    const steps = logs.at(-1);
    console.log(
      `run ${run}: ${(ms / 1000).toFixed(1)} s for ${SECONDS} s of video (${(ms / 1000 / SECONDS).toFixed(2)}× real time), ` +
        `bare encode ${(bare / 1000).toFixed(1)} s, ratio ${(ms / bare).toFixed(2)}; ` +
        `server's steps (ms): ${JSON.stringify(steps?.ms ?? {})}`,
    );
    rows.push(
      `| ${run} | ${(ms / 1000).toFixed(1)} s | ${(ms / 1000 / SECONDS).toFixed(2)}× | ${(bare / 1000).toFixed(1)} s | ${(ms / bare).toFixed(2)} |`,
    );
  }
  console.log(
    '\n| run | 60 s video translated (submission to status 3) | × real time | bare encode | ratio |',
  );
  console.log('|---|---|---|---|---|');
  for (const r of rows) console.log(r);
} finally {
  await cleanup.unwind(0);
}
