import assert from 'node:assert/strict';
import { test } from 'node:test';
import Delaunator from 'delaunator';
import { constrainEdges, segmentsCross } from './constrained-edges.js';

const hasEdge = (del: Delaunator<Float64Array>, a: number, b: number) => {
  const t = del.triangles;
  for (let i = 0; i < t.length; i += 3) {
    const tri = [t[i]!, t[i + 1]!, t[i + 2]!];
    if (tri.includes(a) && tri.includes(b)) return true;
  }
  return false;
};

test('an edge the plain triangulation lacks becomes one; the triangles still cover the hull', () => {
  // A flat diamond: Delaunay joins the two side points (1–3), not the far top and bottom (0–2).
  const del = new Delaunator(Float64Array.from([150, 50, 50, 200, 150, 350, 250, 200]));
  assert.ok(hasEdge(del, 1, 3) && !hasEdge(del, 0, 2));
  assert.equal(constrainEdges(del, [[0, 2]]), 1);
  assert.ok(hasEdge(del, 0, 2) && !hasEdge(del, 1, 3));
  assert.equal(del.triangles.length, 6);
});

test('an edge crossing one kept before it is skipped, as is one to a point dropped as a duplicate', () => {
  // A square with a middle point, and a copy of corner 0 (index 5) that the triangulation drops.
  const del = new Delaunator(Float64Array.from([0, 0, 10, 0, 10, 10, 0, 10, 5, 5.2, 0, 0]));
  assert.equal(
    constrainEdges(del, [
      [0, 2],
      [1, 3],
      [5, 1],
    ]),
    1,
  );
  assert.ok(hasEdge(del, 0, 2));
});

test('segments cross only inside both; touching at an end point does not count', () => {
  const c = [0, 0, 10, 10, 0, 10, 10, 0, 20, 20];
  assert.equal(segmentsCross(c, 0, 1, 2, 3), true);
  assert.equal(segmentsCross(c, 0, 1, 1, 4), false);
  assert.equal(segmentsCross(c, 0, 2, 1, 3), false);
});
