import { createRequire } from 'node:module';
import type Delaunator from 'delaunator';

/**
 * Constrained triangulation: makes given edges part of a Delaunator triangulation, in place, with
 * Constrainautor (made for Delaunator's output). Loaded through its CommonJS build, which bundles
 * its one dependency: the package's type entry is its TypeScript source, which does not compile
 * under this project's stricter settings, so the little of its API used here is typed below.
 */
interface ConstrainautorInstance {
  /** Makes p1–p2 an edge; throws when either point was not triangulated (a duplicate). */
  constrainOne(p1: number, p2: number): number;
}
type ConstrainautorClass = new (del: Delaunator<Float64Array>) => ConstrainautorInstance;

const Constrainautor = createRequire(import.meta.url)('@kninnug/constrainautor') as ConstrainautorClass;

/** Whether segments ab and pq cross at a point inside both (sharing an end point does not count). */
export function segmentsCross(c: ArrayLike<number>, a: number, b: number, p: number, q: number): boolean {
  if (a === p || a === q || b === p || b === q) return false;
  const side = (i: number, j: number, k: number) =>
    (c[j * 2]! - c[i * 2]!) * (c[k * 2 + 1]! - c[i * 2 + 1]!) -
    (c[j * 2 + 1]! - c[i * 2 + 1]!) * (c[k * 2]! - c[i * 2]!);
  return side(a, b, p) * side(a, b, q) < 0 && side(p, q, a) * side(p, q, b) < 0;
}

/**
 * Makes `edges` (point index pairs) edges of `del`'s triangulation, in place, in order. An edge
 * that would cross one kept before it, or whose end point the triangulation dropped as a duplicate,
 * is skipped (Constrainautor requires constraints that do not cross). Returns how many were kept.
 */
export function constrainEdges(
  del: Delaunator<Float64Array>,
  edges: readonly (readonly [number, number])[],
): number {
  const con = new Constrainautor(del);
  const kept: (readonly [number, number])[] = [];
  for (const edge of edges) {
    const [a, b] = edge;
    if (kept.some(([p, q]) => segmentsCross(del.coords, a, b, p, q))) continue;
    try {
      con.constrainOne(a, b);
      kept.push(edge);
    } catch {
      // An end point that was not triangulated: the plain triangulation stands there.
    }
  }
  return kept.length;
}
