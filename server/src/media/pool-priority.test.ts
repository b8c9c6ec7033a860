import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { getPriority } from 'node:os';
import { test } from 'node:test';
import sharp from 'sharp';
import {
  lowerSharedPoolThreads,
  poolSize,
  poolThreadIds,
  threadIdOfLink,
  threadIdsNamed,
} from './pool-priority.js';

const linux = process.platform === 'linux';

test('the pool size is libuv default or UV_THREADPOOL_SIZE', () => {
  assert.equal(poolSize({}), 4);
  assert.equal(poolSize({ UV_THREADPOOL_SIZE: '8' }), 8);
  assert.equal(poolSize({ UV_THREADPOOL_SIZE: 'many' }), 4);
  assert.equal(poolSize({ UV_THREADPOOL_SIZE: '0' }), 4);
  assert.equal(poolSize({ UV_THREADPOOL_SIZE: '5000' }), 1024);
});

test('a thread-self link names its thread', () => {
  assert.equal(threadIdOfLink('1200/task/1207'), 1207);
  assert.equal(threadIdOfLink('1200'), null);
  assert.equal(threadIdOfLink(''), null);
});

/** Nice value of thread `tid` of this process, read from /proc (field 19 of its stat). */
async function niceOf(tid: number): Promise<number> {
  const stat = await readFile(`/proc/self/task/${tid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
}

test(
  'the pool threads and the libvips threads they start run lowered; this thread does not',
  { skip: !linux },
  async () => {
    const pool = await poolThreadIds();
    assert.equal(pool.length, poolSize(), `found pool threads ${pool.join(', ')}`);
    assert.ok(!pool.includes(process.pid));

    const lowered = await lowerSharedPoolThreads(7);
    assert.ok(lowered >= pool.length, `lowered ${lowered}`);
    for (const tid of pool) assert.equal(await niceOf(tid), 7, `pool thread ${tid}`);
    assert.equal(getPriority(), 0, 'the calling thread keeps its priority');

    // sharp's work runs on the pool; libvips starts its own threads from there, which inherit.
    const picture = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#808080' } })
      .png()
      .toBuffer();
    await Promise.all(
      Array.from({ length: 4 }, () => sharp(picture).resize(800, 600).blur(3).jpeg().toBuffer()),
    );
    const vips = await threadIdsNamed('libvips');
    assert.ok(vips.length > 0, 'libvips started threads of its own');
    for (const tid of vips) assert.ok((await niceOf(tid)) >= 7, `libvips thread ${tid}`);

    // A second call finds nothing left to lower.
    assert.equal(await lowerSharedPoolThreads(7), 0);
  },
);
