// bench/test-mode: a 10 s video from text through the HTTP API, with a test token (a draft: 360 px,
// 8 fps, ultrafast, mono, the draft voice, marked TEST) against the same request with the
// account's live token, in one run on one settled service as `npm start` runs it. Pairs are interleaved; each is timed from the
// POST to the first poll that sees status 3, polling every 100 ms (so at most 0.1 s of either
// figure is the poll's granularity). Aim: the draft takes at most a fifth of the live render.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { portraitPhoto } from '../../server/test/helpers/media-fixtures.js';
import { cliJson, stopProcess } from '../lib/spawn.js';
import { waitForIdle } from '../lib/cpu.js';
import { startFresh } from '../lib/fresh.js';
import { isRendered, ServerLog } from '../lib/server-log.js';
import { medianAndRange } from '../lib/stats.js';
import { svcClient } from '../lib/svc.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const AIM = 0.2;
/** About 10 s of English speech. */
const TEXT =
  'Hello, and welcome to the studio. Today we talk about the weather. ' +
  'It was sunny this morning, but rain is coming tonight. Please take an umbrella.';
/** The shipped illustrated avatar, and a photo avatar each token makes of the same portrait. */
const AVATARS = ['illustration', 'photo'] as const;
type AvatarKind = (typeof AVATARS)[number];

// Info lines, as `npm start` writes them: each render's 'work rendered' line gives its step split.
const log = new ServerLog(['work rendered']);
const server = await startFresh({ LIKENESS_LOG_LEVEL: 'info' }, { onLine: log.onLine });
try {
  const made = await cliJson(['accounts', 'test-token', '--token', server.token], server.env);
  const testToken = String(made.token);
  const clients = { live: svcClient(server.url, server.token), test: svcClient(server.url, testToken) };
  const waited = await waitForIdle(server.child.pid!, { windowMs: 2000 });
  console.log(`service settled ${(waited / 1000).toFixed(0)} s after its start (catalogue renders done)`);

  // Test and live data are apart: each token makes its own avatar of the same photo.
  const work = await mkdtemp(join(tmpdir(), 'likeness-test-mode-bench-'));
  const photo = await readFile(await portraitPhoto(join(work, 'portrait.png')));
  const avatarOf = { live: {}, test: {} } as Record<'live' | 'test', Record<AvatarKind, string>>;
  for (const mode of ['live', 'test'] as const) {
    const c = clients[mode];
    const fileId = await c.upload('png', photo);
    const { task_id } = await c.call('POST', '/avatar/create_by_image', { file_id: fileId, model: 1 });
    const done = await c.wait('/avatar/task', task_id, { everyMs: 100 });
    avatarOf[mode] = { illustration: 'pub-avatar-lin', photo: String(done.avatar) };
  }
  await rm(work, { recursive: true, force: true });

  const splits = new Map<string, Record<string, number>[]>();
  const render = async (mode: 'live' | 'test', kind: AvatarKind) => {
    const c = clients[mode];
    const t0 = performance.now();
    const { task_id } = await c.call('POST', '/video/create_by_tts', {
      text: TEXT,
      voice: 'pub-en-emma',
      avatar: avatarOf[mode][kind],
    });
    const done = await c.wait('/video/task', task_id, { everyMs: 100 });
    const ms = performance.now() - t0;
    const rendered = await log.waitFor(isRendered(String(task_id)), 5_000);
    const key = `${kind} ${mode}`;
    if (rendered) splits.set(key, [...(splits.get(key) ?? []), rendered.ms as Record<string, number>]);
    return { ms, duration: Number(done.duration) };
  };
  for (const kind of AVATARS) {
    // Each path's first render warms what later ones reuse (the avatar's track, the render thread).
    await render('test', kind);
    await render('live', kind);
    splits.clear();
    const ratios: number[] = [];
    const times = { live: [] as number[], test: [] as number[] };
    for (let i = 0; i < ROUNDS; i++) {
      const order: ('live' | 'test')[] = i % 2 ? ['test', 'live'] : ['live', 'test'];
      const got: Record<string, { ms: number; duration: number }> = {};
      for (const m of order) got[m] = await render(m, kind);
      times.live.push(got.live!.ms);
      times.test.push(got.test!.ms);
      ratios.push(got.test!.ms / got.live!.ms);
      console.log(
        `${kind} round ${i + 1}: live ${(got.live!.ms / 1000).toFixed(2)} s, test ${(got.test!.ms / 1000).toFixed(2)} s ` +
          `(videos of ${got.live!.duration} s and ${got.test!.duration} s), ratio ${ratios.at(-1)!.toFixed(2)}`,
      );
    }
    // Where the time goes inside the worker, per step (median ms of the rounds).
    for (const [key, runs] of splits) {
      const steps = [...new Set(runs.flatMap((r) => Object.keys(r)))];
      const parts = steps.map((k) => `${k} ${medianAndRange(runs.map((r) => r[k] ?? 0))!.median}`);
      console.log(`  ${key} steps, median ms: ${parts.join(', ')}`);
    }
    const r = medianAndRange(ratios)!;
    const s = (v: number[]) => (medianAndRange(v)!.median / 1000).toFixed(2);
    console.log(
      `10 s text video, ${kind} avatar, through the API, median of ${ROUNDS}: live ${s(times.live)} s, ` +
        `test draft ${s(times.test)} s; draft/live ${r.median.toFixed(2)} (${r.low.toFixed(2)}-${r.high.toFixed(2)}), ` +
        `aim ≤ ${AIM}: ${r.median <= AIM ? 'met' : 'MISSED'}\n`,
    );
  }
} finally {
  await stopProcess(server.child);
}
