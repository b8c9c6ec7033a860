// bench/upload: a 500 MB upload through create_upload_url + signed PUT, against a plain file copy
// of the same bytes in the same run; reports throughput ratio and the server's RSS growth.
import { createReadStream, createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { copyFile, mkdtemp, open, rm, stat } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cliJson, rssMb, startLikeness } from '../lib/spawn.js';

const MB = 1024 * 1024;
const SIZE_MB = Number(process.env.BENCH_UPLOAD_MB ?? 500);

const work = await mkdtemp(join(tmpdir(), 'likeness-upload-bench-'));
const src = join(work, 'source.mp4');
const fh = await open(src, 'w');
const chunk = Buffer.alloc(MB, 7);
for (let i = 0; i < SIZE_MB; i++) await fh.write(chunk);
await fh.close();

const likeness = await startLikeness({ LIKENESS_MAX_VIDEO_MB: String(SIZE_MB + 10) });
try {
  const account = await cliJson(['accounts', 'create'], likeness.env);
  const grant = (await (
    await fetch(`${likeness.url}/api/v2/svc/tool/create_upload_url`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ file_extension: 'mp4' }),
    })
  ).json()) as { upload_url: string; content_type: string };

  // Baselines on the same disk: the kernel's file copy, and a stream copy through Node (read then
  // write in user space, as an upload's bytes travel).
  const c0 = performance.now();
  await copyFile(src, join(work, 'copy.mp4'));
  const kernelCopyMs = performance.now() - c0;
  const s0 = performance.now();
  await pipeline(createReadStream(src, { highWaterMark: MB }), createWriteStream(join(work, 'copy2.mp4')));
  const copyMs = performance.now() - s0;

  const pid = likeness.child.pid!;
  const rssBefore = await rssMb(pid);
  let rssPeak = rssBefore;
  const sampler = setInterval(() => void rssMb(pid).then((v) => (rssPeak = Math.max(rssPeak, v))), 50);
  const size = (await stat(src)).size;
  const u0 = performance.now();
  const status = await new Promise<number>((resolve, reject) => {
    const req = request(
      grant.upload_url,
      { method: 'PUT', headers: { 'content-type': grant.content_type, 'content-length': size } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    createReadStream(src, { highWaterMark: MB }).pipe(req);
  });
  const uploadMs = performance.now() - u0;
  clearInterval(sampler);
  if (status !== 200) throw new Error(`upload answered ${status}`);

  const mbps = (ms: number) => (SIZE_MB / (ms / 1000)).toFixed(0);
  console.log(`bench/upload  ${SIZE_MB} MB`);
  console.log(`  kernel file copy         ${kernelCopyMs.toFixed(0)} ms  (${mbps(kernelCopyMs)} MB/s)`);
  console.log(`  stream file copy         ${copyMs.toFixed(0)} ms  (${mbps(copyMs)} MB/s)`);
  console.log(`  signed PUT upload        ${uploadMs.toFixed(0)} ms  (${mbps(uploadMs)} MB/s)`);
  console.log(`  throughput ratio (upload / stream copy)  ${(copyMs / uploadMs).toFixed(2)}`);
  console.log(`  throughput ratio (upload / kernel copy)  ${(kernelCopyMs / uploadMs).toFixed(2)}`);
  console.log(
    `  server RSS  before ${rssBefore.toFixed(0)} MB, peak ${rssPeak.toFixed(0)} MB, growth ${(rssPeak - rssBefore).toFixed(0)} MB  (aim <= 64 MB)`,
  );
} finally {
  likeness.child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  await rm(likeness.dataDir, { recursive: true, force: true });
  await rm(work, { recursive: true, force: true });
}
