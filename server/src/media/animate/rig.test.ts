import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  CHIN,
  FOREHEAD,
  LIPS_LOWER_INNER,
  LIPS_LOWER_OUTER,
  LIPS_UPPER_INNER,
  LIPS_UPPER_OUTER,
  LEFT_EYE,
  RIGHT_EYE,
} from '../face/landmarks.js';
import { buildRig, MAX_GAP_OF_WIDTH, MIN_MOUTH_OF_EYES, partedLips, RigBuilder } from './rig.js';
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

test('a narrow, relaxed mouth opens as far as the face is large, not as its width says', () => {
  // The same face with its lips drawn in toward the mouth's middle to 0.45 of the eye span.
  const narrow = Float32Array.from(points);
  const lips = new Set<number>([
    ...LIPS_UPPER_OUTER,
    ...LIPS_LOWER_OUTER,
    ...LIPS_UPPER_INNER,
    ...LIPS_LOWER_INNER,
  ]);
  const eyeSpan = Math.hypot(
    at(LEFT_EYE.outer)[0] - at(RIGHT_EYE.outer)[0],
    at(LEFT_EYE.outer)[1] - at(RIGHT_EYE.outer)[1],
  );
  const [l, r] = [at(LIPS_UPPER_OUTER[0])[0], at(LIPS_UPPER_OUTER[10])[0]];
  const mid = (l + r) / 2;
  const k = (0.45 * eyeSpan) / Math.abs(r - l);
  for (const i of lips) narrow[i * 2] = mid + (points[i * 2]! - mid) * k;
  const rig = buildRig({ points: narrow, pose: { open: 1, wide: 0, round: 0 }, blink: 0, head: null });
  const { upper, lower } = rig.opening;
  const gap = Math.max(...Array.from({ length: 11 }, (_, j) => lower[j * 2 + 1]! - upper[j * 2 + 1]!));
  assert.ok(rig.opening.width < 0.5 * eyeSpan, `width ${rig.opening.width.toFixed(1)}`);
  const expected = MAX_GAP_OF_WIDTH * MIN_MOUTH_OF_EYES * eyeSpan;
  assert.ok(Math.abs(gap - expected) < 1, `gap ${gap.toFixed(1)}, expected ${expected.toFixed(1)}`);
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

/** The portrait's landmarks with each lower inner-lip point on its upper partner, as closed lips track. */
function lipsOnOnePixel(): Float32Array {
  const p = Float32Array.from(points);
  LIPS_UPPER_INNER.forEach((u, j) => {
    const l = LIPS_LOWER_INNER[j]!;
    p[l * 2] = p[u * 2]!;
    p[l * 2 + 1] = p[u * 2 + 1]!;
  });
  return p;
}

test('closed lips tracked on one pixel are parted by a seam, about their midpoints; parted ones are kept', () => {
  const closedLips = lipsOnOnePixel();
  const scratch = new Float32Array(closedLips.length);
  const parted = partedLips(closedLips, scratch);
  assert.equal(parted, scratch);
  for (let j = 1; j < LIPS_UPPER_INNER.length - 1; j++) {
    const u = LIPS_UPPER_INNER[j]!;
    const l = LIPS_LOWER_INNER[j]!;
    const gap = Math.hypot(parted[l * 2]! - parted[u * 2]!, parted[l * 2 + 1]! - parted[u * 2 + 1]!);
    assert.ok(gap >= 0.5 && gap < 3, `pair ${j}: ${gap.toFixed(2)} px`);
    assert.ok(parted[l * 2 + 1]! > parted[u * 2 + 1]!, `pair ${j}: the lower lip stays below`);
    const mid = (parted[u * 2 + 1]! + parted[l * 2 + 1]!) / 2;
    assert.ok(Math.abs(mid - closedLips[u * 2 + 1]!) < 1e-3, `pair ${j} moved`);
  }
  // Nothing else moves; lips already apart are returned as they are.
  assert.equal(parted[CHIN * 2], closedLips[CHIN * 2]);
  const apart = Float32Array.from(parted);
  assert.equal(partedLips(apart, new Float32Array(apart.length)), apart);
});

test('closed lips tracked on one pixel open without tearing: every inner-lip point is a corner of the warp', () => {
  // The triangulation drops a point that duplicates another: the lower lip's inner edge then had no
  // vertices, and opening the mouth tore the lips into spikes.
  const closedLips = lipsOnOnePixel();
  const rig = buildRig({ points: closedLips, pose: { open: 1, wide: 0, round: 0 }, blink: 0, head: null });
  const parted = partedLips(closedLips, new Float32Array(closedLips.length));
  const used = new Set(rig.mesh.triangles);
  const { src } = rig.mesh;
  for (const i of [...LIPS_UPPER_INNER, ...LIPS_LOWER_INNER]) {
    let v = -1;
    for (let k = 0; k < src.length / 2 && v < 0; k++) {
      if (src[k * 2] === parted[i * 2] && src[k * 2 + 1] === parted[i * 2 + 1]) v = k;
    }
    assert.ok(v >= 0 && used.has(v), `inner-lip point ${i} is not in the warp`);
  }
  const { upper, lower } = rig.opening;
  const gap = Math.max(...Array.from({ length: 11 }, (_, j) => lower[j * 2 + 1]! - upper[j * 2 + 1]!));
  assert.ok(Math.abs(gap - MAX_GAP_OF_WIDTH * rig.opening.width) < 1, `gap ${gap.toFixed(1)}`);
});

test('the lips keep their contours as edges of the warp: no triangle reaches across a lip or the opening', () => {
  // A plain Delaunay triangulation of thin lips joins the upper lip to the lower one and a lip to
  // the skin beside it; opened, those triangles dragged lip and skin across the mouth (skin-coloured
  // wedges, a thinned upper lip at 1080p).
  for (const [name, landmarks] of [
    ['tracked', points],
    ['closed on one pixel', lipsOnOnePixel()],
  ] as const) {
    const rig = buildRig({ points: landmarks, pose: { open: 1, wide: 0, round: 0 }, blink: 0, head: null });
    const parted = partedLips(landmarks, new Float32Array(landmarks.length));
    const { src, triangles } = rig.mesh;
    const vertexOf = (i: number) => {
      for (let k = 0; k < src.length / 2; k++) {
        if (src[k * 2] === parted[i * 2] && src[k * 2 + 1] === parted[i * 2 + 1]) return k;
      }
      return -1;
    };
    const edges = new Set<string>();
    for (let t = 0; t < triangles.length; t += 3) {
      for (const [a, b] of [
        [triangles[t]!, triangles[t + 1]!],
        [triangles[t + 1]!, triangles[t + 2]!],
        [triangles[t + 2]!, triangles[t]!],
      ] as const) {
        edges.add(`${Math.min(a, b)}-${Math.max(a, b)}`);
      }
    }
    for (const contour of [LIPS_UPPER_INNER, LIPS_LOWER_INNER, LIPS_UPPER_OUTER, LIPS_LOWER_OUTER]) {
      for (let j = 1; j < contour.length; j++) {
        const a = vertexOf(contour[j - 1]!);
        const b = vertexOf(contour[j]!);
        assert.ok(
          edges.has(`${Math.min(a, b)}-${Math.max(a, b)}`),
          `${name}: ${contour[j - 1]}–${contour[j]} is not an edge`,
        );
      }
    }
  }
});
