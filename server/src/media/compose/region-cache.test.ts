import assert from 'node:assert/strict';
import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import {
  boxContains,
  CACHE_MARGIN,
  cacheBox,
  cachedRegionName,
  evictionOrder,
  findCachedRegion,
  parseCachedRegionName,
  regionSourceKey,
  startCachedRegion,
} from './region-cache.js';

const KEY = regionSourceKey('content', 'ss=0;scale');

test('entry names round-trip; other files are not entries', () => {
  const e = { key: KEY, box: { x: 10, y: 20, width: 300, height: 240 }, frames: 248 };
  assert.deepEqual(parseCachedRegionName(cachedRegionName(e)), e);
  assert.equal(parseCachedRegionName(`.${cachedRegionName(e)}.123.ab.tmp`), null);
  assert.equal(parseCachedRegionName('notes.txt'), null);
  assert.notEqual(regionSourceKey('content', 'ss=0;scale'), regionSourceKey('content', 'ss=0.04;scale'));
  assert.notEqual(regionSourceKey('content', 'ss=0;scale'), regionSourceKey('other', 'ss=0;scale'));
});

test('the kept box grows the region by its margin, on even pixels, inside the frame, joined with kept boxes', () => {
  const size = { width: 720, height: 1280 };
  const region = { x: 250, y: 454, width: 270, height: 232 };
  const box = cacheBox(region, size);
  assert.deepEqual(box, {
    x: 250 - CACHE_MARGIN,
    y: 454 - CACHE_MARGIN,
    width: 270 + 2 * CACHE_MARGIN,
    height: 232 + 2 * CACHE_MARGIN,
  });
  // At the frame's edges it stops there; odd frame sizes keep whole chroma pairs.
  assert.deepEqual(cacheBox({ x: 4, y: 2, width: 100, height: 80 }, { width: 121, height: 95 }), {
    x: 0,
    y: 0,
    width: 120,
    height: 94,
  });
  // A kept box reaching further widens the new one, so wandering regions end in one entry.
  const joined = cacheBox(region, size, [{ x: 100, y: 400, width: 200, height: 100 }]);
  assert.equal(joined.x, 100);
  assert.ok(boxContains(joined, region) && boxContains(joined, { x: 100, y: 400, width: 200, height: 100 }));
  for (const v of [joined.x, joined.y, joined.width, joined.height]) assert.equal(v % 2, 0);
});

test('eviction removes the least recently used entries until the rest fit, never the one kept', () => {
  const entries = [
    { name: 'a', bytes: 100, usedMs: 3 },
    { name: 'b', bytes: 100, usedMs: 1 },
    { name: 'c', bytes: 100, usedMs: 2 },
  ];
  assert.deepEqual(evictionOrder(entries, 300), []);
  assert.deepEqual(evictionOrder(entries, 250), ['b']);
  assert.deepEqual(evictionOrder(entries, 100), ['b', 'c']);
  assert.deepEqual(evictionOrder(entries, 100, 'b'), ['c', 'a']);
});

test('a kept source is found only whole, for a region inside it and no more frames than it holds', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'likeness-region-cache-'));
  try {
    const opts = { dir, maxBytes: 1e6 };
    const region = { x: 40, y: 40, width: 20, height: 20 };
    const writer = (await startCachedRegion(opts, KEY, region, { width: 200, height: 200 }, 3))!;
    assert.ok(boxContains(writer.box, region));
    const bytes = writer.box.width * writer.box.height * 1.5;
    // Unfinished: not an entry yet.
    assert.equal(await findCachedRegion(dir, KEY, region, 3), null);
    await writer.file.write(Buffer.alloc(bytes * 3, 7), 0, bytes * 3, 0);
    await writer.file.close();
    await writer.commit();
    const hit = await findCachedRegion(dir, KEY, region, 3);
    assert.deepEqual(hit?.box, writer.box);
    assert.equal(await findCachedRegion(dir, KEY, region, 4), null, 'more frames than kept');
    assert.equal(await findCachedRegion(dir, KEY, { ...region, x: 0 }, 3), null, 'outside the box');
    assert.equal(await findCachedRegion(dir, regionSourceKey('other', 'x'), region, 3), null, 'other source');
    // A file cut short (a full disk) is not used.
    await writeFile(hit!.path, Buffer.alloc(bytes * 2));
    assert.equal(await findCachedRegion(dir, KEY, region, 3), null);

    // A discarded writer leaves nothing; too large an entry is not started.
    const dropped = (await startCachedRegion(opts, KEY, region, { width: 200, height: 200 }, 3))!;
    await dropped.file.close();
    await dropped.discard();
    assert.deepEqual(
      (await readdir(dir)).filter((n) => n.endsWith('.tmp')),
      [],
    );
    assert.equal(
      await startCachedRegion({ dir, maxBytes: bytes * 3 }, KEY, region, { width: 200, height: 200 }, 3),
      null,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('a new entry replaces the kept ones it covers, and the folder keeps to its bound', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'likeness-region-cache-'));
  try {
    const size = { width: 400, height: 400 };
    const write = async (
      key: string,
      region: { x: number; y: number; width: number; height: number },
      maxBytes: number,
    ) => {
      const w = (await startCachedRegion({ dir, maxBytes }, key, region, size, 2))!;
      const bytes = w.box.width * w.box.height * 1.5 * 2;
      await w.file.write(Buffer.alloc(bytes), 0, bytes, 0);
      await w.file.close();
      await w.commit();
      return w.box;
    };
    const first = await write(KEY, { x: 100, y: 100, width: 40, height: 40 }, 1e7);
    const second = await write(KEY, { x: 180, y: 100, width: 40, height: 40 }, 1e7);
    assert.ok(boxContains(second, first), 'the second box joins the first');
    assert.equal((await readdir(dir)).length, 1, 'and replaces it');
    // Another source: the older entry is used least recently and goes when both do not fit.
    const old = path.join(dir, (await readdir(dir))[0]!);
    await utimes(old, new Date(1000), new Date(1000));
    const other = regionSourceKey('other', 'ss=0;scale');
    // 7,500 bytes against the first's 44,352: together over the bound of 40,000.
    await write(other, { x: 100, y: 100, width: 2, height: 2 }, 40_000);
    const names = await readdir(dir);
    assert.deepEqual(
      names.map((n) => parseCachedRegionName(n)?.key),
      [other],
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
