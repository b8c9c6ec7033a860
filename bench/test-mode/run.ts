// bench/test-mode: a 10 s video from text through the HTTP API, with a test token (a draft: 360 px,
// 12 fps, ultrafast, marked TEST) against the same request with the account's live token, in one
// run on one settled service as `npm start` runs it. Pairs are interleaved; each is timed from the
// POST to the first poll that sees status 3, polling every 100 ms (so at most 0.1 s of either
// figure is the poll's granularity). Aim: the draft takes at most a fifth of the live render.
import { cliJson, stopProcess } from '../lib/spawn.js';
import { waitForIdle } from '../lib/cpu.js';
import { startFresh } from '../lib/fresh.js';
import { medianAndRange } from '../lib/stats.js';
import { svcClient } from '../lib/svc.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const AIM = 0.2;
/** About 10 s of English speech. */
const TEXT =
  'Hello, and welcome to the studio. Today we talk about the weather. ' +
  'It was sunny this morning, but rain is coming tonight. Please take an umbrella.';
const BODY = { text: TEXT, voice: 'pub-en-emma', avatar: 'pub-avatar-lin' };

const server = await startFresh();
try {
  const made = await cliJson(['accounts', 'test-token', '--token', server.token], server.env);
  const testToken = String(made.token);
  const clients = { live: svcClient(server.url, server.token), test: svcClient(server.url, testToken) };
  const waited = await waitForIdle(server.child.pid!, { windowMs: 2000 });
  console.log(`service settled ${(waited / 1000).toFixed(0)} s after its start (catalogue renders done)`);

  const render = async (mode: 'live' | 'test') => {
    const c = clients[mode];
    const t0 = performance.now();
    const { task_id } = await c.call('POST', '/video/create_by_tts', BODY);
    const done = await c.wait('/video/task', task_id, { everyMs: 100 });
    return { ms: performance.now() - t0, duration: Number(done.duration) };
  };
  await render('test'); // each path's first render warms what later ones reuse (the avatar's track)
  await render('live');
  const ratios: number[] = [];
  const times = { live: [] as number[], test: [] as number[] };
  for (let i = 0; i < ROUNDS; i++) {
    const order: ('live' | 'test')[] = i % 2 ? ['test', 'live'] : ['live', 'test'];
    const got: Record<string, { ms: number; duration: number }> = {};
    for (const m of order) got[m] = await render(m);
    times.live.push(got.live!.ms);
    times.test.push(got.test!.ms);
    ratios.push(got.test!.ms / got.live!.ms);
    console.log(
      `round ${i + 1}: live ${(got.live!.ms / 1000).toFixed(2)} s, test ${(got.test!.ms / 1000).toFixed(2)} s ` +
        `(videos of ${got.live!.duration} s and ${got.test!.duration} s), ratio ${ratios.at(-1)!.toFixed(2)}`,
    );
  }
  const r = medianAndRange(ratios)!;
  const s = (v: number[]) => (medianAndRange(v)!.median / 1000).toFixed(2);
  console.log(
    `\n10 s text video through the API, median of ${ROUNDS}: live ${s(times.live)} s, test draft ${s(times.test)} s; ` +
      `draft/live ${r.median.toFixed(2)} (${r.low.toFixed(2)}-${r.high.toFixed(2)}), aim ≤ ${AIM}: ` +
      (r.median <= AIM ? 'met' : 'MISSED'),
  );
} finally {
  await stopProcess(server.child);
}
