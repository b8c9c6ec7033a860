// bench/api: GET /api/v2/svc/video/task under 64 concurrent connections for 10 s, against a bare
// Fastify route measured in the same run. Both servers run in their own process; the load
// generator runs here.
import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import autocannon from 'autocannon';
import { cliJson, freePort, repoRoot, startLikeness, waitHttp } from '../lib/spawn.js';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 64;

async function load(url: string, headers: Record<string, string>) {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { rps: r.requests.average, p99: r.latency.p99 };
}

const likeness = await startLikeness();
const account = await cliJson(['accounts', 'create', '--credits', '1000'], likeness.env);
const headers = { authorization: `Bearer ${account.token}`, 'content-type': 'application/json' };
const avatar = (
  (await (await fetch(`${likeness.url}/api/v2/svc/avatar/list?kind=2`, { headers })).json()) as {
    data: { avatar: string }[];
  }
).data[0]!.avatar;
const created = (await (
  await fetch(`${likeness.url}/api/v2/svc/audio/create_by_tts`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ voice: 'pub-zh-xiaoyun', text: '你好' }),
  })
).json()) as { task_id: string };
void avatar;

const barePort = await freePort();
const bare = spawn(process.execPath, ['--import', 'tsx', 'bench/api/bare-server.ts'], {
  cwd: repoRoot,
  env: { ...process.env, PORT: String(barePort) },
  stdio: 'inherit',
});
await waitHttp(`http://127.0.0.1:${barePort}/task`, bare);

try {
  // Warm both up, then measure in alternation so background load hits both alike.
  await autocannon({ url: `http://127.0.0.1:${barePort}/task`, connections: 8, duration: 2 });
  await autocannon({
    url: `${likeness.url}/api/v2/svc/video/task?task_id=${created.task_id}`,
    connections: 8,
    duration: 2,
    headers,
  });
  const base = await load(`http://127.0.0.1:${barePort}/task`, {});
  const ours = await load(`${likeness.url}/api/v2/svc/video/task?task_id=${created.task_id}`, headers);
  console.log(`bench/api  ${CONNECTIONS} connections, ${DURATION} s each`);
  console.log(`  bare Fastify route        ${base.rps.toFixed(0)} req/s   p99 ${base.p99} ms`);
  console.log(`  GET /api/v2/svc/video/task ${ours.rps.toFixed(0)} req/s   p99 ${ours.p99} ms`);
  console.log(`  ratio (likeness / bare)   ${(ours.rps / base.rps).toFixed(2)}  (aim >= 0.5)`);
} finally {
  bare.kill('SIGTERM');
  likeness.child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  await rm(likeness.dataDir, { recursive: true, force: true });
}
