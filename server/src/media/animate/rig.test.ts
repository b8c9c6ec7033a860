import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CHIN, FOREHEAD, RIGHT_EYE } from '../face/landmarks.js';
import { buildRig, MAX_GAP_OF_WIDTH, RigBuilder } from './rig.js';
import { portraitLandmarks } from '../../../test/helpers/face-fixture.js';

const points = portraitLandmarks();
const closed = { open: 0, wide: 0, round: 0 };

/** Destination of a mesh point in the rig (the rig keeps the mesh's points first, in its own order). */
function dstOf(rig: ReturnType<typeof buildRig>, x: number, y: number): [number, number] {
  const { src, dst } = rig.mesh;
  for (let i = 0; i < src.length; i += 2) {
    if (Math.abs(src[i]! - x) < 1e-3 && Math.abs(src[i + 1]! - y) < 1e-3) return [dst[i]!, dst[i + 1]!];
  }
  throw new Error('point not in rig');
}
const at = (i: number): [number, number] => [points[i * 2]!, points[i * 2 + 1]!];

test('an open pose parts the inner lips by the target gap and drops the chin further than the lip', () => {
  const rig = buildRig({ points, pose: { open: 1, wide: 0, round: 0 }, blink: 0, head: null });
  // The opening's contours are in the mouth's frame (y toward the chin); the widest pair is nearest
  // the middle between the corners.
  const { upper, lower } = rig.opening;
  const gap = Math.max(...Array.from({ length: 11 }, (_, j) => lower[j * 2 + 1]! - upper[j * 2 + 1]!));
  assert.ok(Math.abs(gap - MAX_GAP_OF_WIDTH * rig.opening.width) < 1, `gap ${gap.toFixed(1)}`);
  // Mesh points may share a position (closed lips), so look up one that is unique: the chin.
  const lipDrop = gap * 0.7;
  const chinDrop = dstOf(rig, ...at(CHIN))[1] - at(CHIN)[1];
  assert.ok(lipDrop > 0 && chinDrop > lipDrop, `lip ${lipDrop.toFixed(1)}, chin ${chinDrop.toFixed(1)}`);
  // The forehead never moves with the jaw.
  const fh = dstOf(rig, ...at(FOREHEAD));
  assert.deepEqual(fh, at(FOREHEAD));
  assert.ok(rig.opening.upper.length === 22 && rig.opening.maxGap > 0);
});

test('the closed pose closes parted lips and leaves the eyes alone', () => {
  const rig = buildRig({ points, pose: closed, blink: 0, head: null });
  const { upper, lower } = rig.opening;
  for (let j = 0; j < 11; j++) assert.ok(Math.abs(lower[j * 2 + 1]! - upper[j * 2 + 1]!) < 0.5, 'lips meet');
  for (const i of RIGHT_EYE.upper0) assert.deepEqual(dstOf(rig, ...at(i)), at(i));
});

test('a blink brings the upper lid down onto the lower one', () => {
  const rig = buildRig({ points, pose: closed, blink: 1, head: null });
  const lid = RIGHT_EYE.upper0[3];
  const [, y] = dstOf(rig, ...at(lid));
  const lower = RIGHT_EYE.lower0[4];
  assert.ok(Math.abs(y - at(lower)[1]) < 1.5, `lid at ${y.toFixed(1)}, lower lid at ${at(lower)[1]}`);
});

test('spread and rounded lips change the mouth width', () => {
  const wide = buildRig({ points, pose: { open: 0.3, wide: 1, round: 0 }, blink: 0, head: null });
  const round = buildRig({ points, pose: { open: 0.3, wide: 0, round: 1 }, blink: 0, head: null });
  const span = (r: typeof wide) => {
    const u = r.opening.upper;
    return u[u.length - 2]! - u[0]!;
  };
  assert.ok(
    span(wide) > span(round) * 1.2,
    `wide ${span(wide).toFixed(1)} vs round ${span(round).toFixed(1)}`,
  );
});

test('head motion turns the whole face about the neck, and the far anchors stay', () => {
  const rig = buildRig({ points, pose: closed, blink: 0, head: { angle: 0.05, dx: 3, dy: 0 } });
  const fh = dstOf(rig, ...at(FOREHEAD));
  assert.ok(Math.hypot(fh[0] - at(FOREHEAD)[0], fh[1] - at(FOREHEAD)[1]) > 5);
  const { src, dst } = rig.mesh;
  const n = src.length;
  // The last points are the neck and the outer ring: fixed.
  for (let i = n - 10; i < n; i++) assert.equal(src[i], dst[i]);
});

test('a builder that meets the same points again gives the same triangles as a fresh one', () => {
  const moved = points.map((v, i) => (i % 2 === 0 ? v + 3 : v));
  const pose = { open: 0.6, wide: 0, round: 0 };
  const builder = new RigBuilder();
  const first = Array.from(builder.build({ points, pose, blink: 0, head: null }).mesh.triangles);
  builder.build({ points: moved, pose, blink: 0, head: null });
  const again = Array.from(builder.build({ points, pose, blink: 0, head: null }).mesh.triangles);
  const fresh = Array.from(buildRig({ points, pose, blink: 0, head: null }).mesh.triangles);
  assert.deepEqual(again, first);
  assert.deepEqual(again, fresh);
  const other = Array.from(builder.build({ points: moved, pose, blink: 0, head: null }).mesh.triangles);
  assert.deepEqual(other, Array.from(buildRig({ points: moved, pose, blink: 0, head: null }).mesh.triangles));
});
