import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MAX_REGION_SHARE, mouthRegion, REGION_MARGIN } from './mouth-region.js';

test('the region covers the moved pixels with a margin, on even pixels, inside the frame', () => {
  const r = mouthRegion({ x0: 101.3, y0: 200.7, x1: 180.2, y1: 251.5 }, { width: 360, height: 640 })!;
  assert.ok(r.x <= 101 - REGION_MARGIN && r.y <= 200 - REGION_MARGIN);
  assert.ok(r.x + r.width >= 181 + REGION_MARGIN && r.y + r.height >= 252 + REGION_MARGIN);
  for (const v of [r.x, r.y, r.width, r.height]) assert.equal(v % 2, 0);
  const edge = mouthRegion({ x0: 1, y0: 600, x1: 80, y1: 639.5 }, { width: 360, height: 640 })!;
  assert.equal(edge.x, 0);
  assert.equal(edge.y + edge.height, 640);
});

test('no movement, or a region too large to gain, gives no region', () => {
  assert.equal(mouthRegion(null, { width: 360, height: 640 }), null);
  const big = Math.sqrt(MAX_REGION_SHARE) * 1.05;
  assert.equal(
    mouthRegion({ x0: 0, y0: 0, x1: 360 * big, y1: 640 * big }, { width: 360, height: 640 }),
    null,
  );
});
