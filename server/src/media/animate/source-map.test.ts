import assert from 'node:assert/strict';
import { test } from 'node:test';
import { planVideoLoop } from '../compose/avatar-filters.js';
import { coverFitTransform, sourceMomentAt, transformPoints } from './source-map.js';

test('source moments follow the loop plan, blending across the cross-fade seam', () => {
  const once = planVideoLoop(20, 2, 5, 25);
  assert.deepEqual(sourceMomentAt(once, 1), { a: 3, b: null, mix: 0 });
  const cut = planVideoLoop(1.3, 0.5, 5, 25);
  assert.ok(Math.abs(sourceMomentAt(cut, 1.0).a - 0.7) < 1e-9);
  const fade = planVideoLoop(3, 0.5, 10, 25); // 2.5 s of material, 0.48 s fade
  assert.deepEqual(sourceMomentAt(fade, 0.2), { a: 0.7, b: null, mix: 0 });
  const seam = sourceMomentAt(fade, 0.48 + (2.5 - 0.96) + 0.24);
  assert.ok(Math.abs(seam.a - (0.5 + 2.5 - 0.48 + 0.24)) < 1e-9);
  assert.ok(Math.abs(seam.b! - (0.5 + 0.24)) < 1e-9);
  assert.ok(Math.abs(seam.mix - 0.5) < 1e-9);
});

test('cover fit scales to cover the box and crops the middle', () => {
  const t = coverFitTransform({ width: 1080, height: 1920 }, { width: 720, height: 720 });
  assert.equal(t.scaleX, 720 / 1080);
  assert.equal(t.offsetX, 0);
  assert.equal(t.offsetY, -280);
  const out = transformPoints(new Float32Array([540, 960]), t, new Float32Array(2));
  assert.deepEqual([...out], [360, 360]);
});
