import type { Plane } from './frame.js';

type Planes = [Plane, Plane, Plane];

/**
 * Piecewise-affine image warp: each destination triangle is filled from the matching source
 * triangle, sampled bilinearly. Triangles whose corners do not move are skipped, so only the part
 * of the frame that deforms costs anything; the rest is left exactly as it was.
 */

export interface WarpMesh {
  /** Source positions, x0,y0,x1,y1,… in the plane's pixel units at full (luma) scale. */
  src: Float32Array;
  /** Destination positions, same layout. */
  dst: Float32Array;
  /** Vertex indices, three per triangle. */
  triangles: Uint32Array;
}

/**
 * Points closer than this (in pixels) count as not moved. A quarter pixel cannot be seen, and the
 * jaw's and cheeks' smallest movements far from the mouth then cost no warp (the region-only
 * pipeline's region shrinks with them).
 */
const STILL = 0.25;

/**
 * Offsets (into `triangles`) of the triangles with a moved corner, in `out[0..count)`. Found once
 * per frame and used for all three planes and the box to copy.
 */
let moved = new Uint32Array(1024);

function findMoved(mesh: WarpMesh): number {
  const { src, dst, triangles } = mesh;
  if (moved.length < triangles.length / 3) moved = new Uint32Array(triangles.length / 3);
  let n = 0;
  for (let t = 0; t < triangles.length; t += 3) {
    const a = triangles[t]! * 2;
    const b = triangles[t + 1]! * 2;
    const c = triangles[t + 2]! * 2;
    if (
      Math.abs(src[a]! - dst[a]!) < STILL &&
      Math.abs(src[a + 1]! - dst[a + 1]!) < STILL &&
      Math.abs(src[b]! - dst[b]!) < STILL &&
      Math.abs(src[b + 1]! - dst[b + 1]!) < STILL &&
      Math.abs(src[c]! - dst[c]!) < STILL &&
      Math.abs(src[c + 1]! - dst[c + 1]!) < STILL
    )
      continue;
    moved[n++] = t;
  }
  return n;
}

/**
 * Warps `from` into `to` (same size, distinct buffers) over the triangles of `mesh`. `scale` maps
 * mesh units to this plane (0.5 for the chroma planes of a 4:2:0 frame). Pixels outside moved
 * triangles are not written.
 */
export function warpPlane(from: Plane, to: Plane, mesh: WarpMesh, scale = 1): void {
  const count = findMoved(mesh);
  for (let k = 0; k < count; k++) fillMoved(mesh, moved[k]!, scale, from, to, null, null);
}

function fillMoved(
  mesh: WarpMesh,
  t: number,
  scale: number,
  from: Plane,
  to: Plane,
  from2: Plane | null,
  to2: Plane | null,
): void {
  const { triangles } = mesh;
  const a = triangles[t]! * 2;
  const b = triangles[t + 1]! * 2;
  const c = triangles[t + 2]! * 2;
  fillTriangle(from, to, from2, to2, mesh.src, mesh.dst, a, b, c, scale);
}

/**
 * Fills the pixels whose centres lie in the destination triangle of corners a, b, c (offsets of
 * their x in the mesh arrays, scaled by `scale`). The affine map to the source triangle is set up
 * once; along a row the source position advances by a constant step, so the inner loop is one
 * bilinear sample per pixel. With `from2`/`to2` (the other chroma plane, same size) each position is
 * sampled in both pairs: the same arithmetic as two calls, the geometry done once.
 */
function fillTriangle(
  from: Plane,
  to: Plane,
  from2: Plane | null,
  to2: Plane | null,
  srcMesh: Float32Array,
  dstMesh: Float32Array,
  a: number,
  b: number,
  c: number,
  scale: number,
): void {
  const w = to.width;
  const h = to.height;
  // Corners are read here rather than passed in: twelve fractional arguments to a function too
  // large to inline were boxed on every call (measured: most of a render's garbage).
  const x0 = dstMesh[a]! * scale;
  const y0 = dstMesh[a + 1]! * scale;
  const x1 = dstMesh[b]! * scale;
  const y1 = dstMesh[b + 1]! * scale;
  const x2 = dstMesh[c]! * scale;
  const y2 = dstMesh[c + 1]! * scale;
  const u0 = srcMesh[a]! * scale;
  const v0 = srcMesh[a + 1]! * scale;
  const u1 = srcMesh[b]! * scale;
  const v1 = srcMesh[b + 1]! * scale;
  const u2 = srcMesh[c]! * scale;
  const v2 = srcMesh[c + 1]! * scale;
  const det = (x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0);
  if (Math.abs(det) < 1e-9) return;
  const inv = 1 / det;
  // Barycentric l1, l2 as affine functions of (x, y); source = p0 + l1 (p1 - p0) + l2 (p2 - p0).
  const l1x = (y2 - y0) * inv;
  const l1y = -(x2 - x0) * inv;
  const l2x = -(y1 - y0) * inv;
  const l2y = (x1 - x0) * inv;
  const du1 = u1 - u0;
  const dv1 = v1 - v0;
  const du2 = u2 - u0;
  const dv2 = v2 - v0;
  const uX = l1x * du1 + l2x * du2;
  const uY = l1y * du1 + l2y * du2;
  const vX = l1x * dv1 + l2x * dv2;
  const vY = l1y * dv1 + l2y * dv2;

  const top = Math.max(0, Math.ceil(Math.min(y0, y1, y2) - 0.5));
  const bottom = Math.min(h - 1, Math.floor(Math.max(y0, y1, y2) - 0.5));
  const src = from.data;
  const out = to.data;
  const src2 = from2 ? from2.data : null;
  const out2 = to2 ? to2.data : null;
  const sw = from.width;
  const maxU = from.width - 1;
  const maxV = from.height - 1;
  // Each edge a→b bounds the row's span: inside is sign(det)·cross(b−a, p−a) ≥ 0, which is linear in
  // x for a given row: k·x + c(y) ≥ 0 with c(y) = c0 + c1·y.
  const sg = det > 0 ? 1 : -1;
  const k0 = -(y1 - y0) * sg;
  const k1 = -(y2 - y1) * sg;
  const k2 = -(y0 - y2) * sg;
  const c00 = ((y1 - y0) * x0 - (x1 - x0) * y0) * sg;
  const c01 = (x1 - x0) * sg;
  const c10 = ((y2 - y1) * x1 - (x2 - x1) * y1) * sg;
  const c11 = (x2 - x1) * sg;
  const c20 = ((y0 - y2) * x2 - (x0 - x2) * y2) * sg;
  const c21 = (x0 - x2) * sg;
  for (let y = top; y <= bottom; y++) {
    const yc = y + 0.5;
    let xl = -Infinity;
    let xr = Infinity;
    let empty = false;
    // Edge 0
    let c = c00 + c01 * yc;
    if (Math.abs(k0) < 1e-12) empty ||= c < -1e-9;
    else if (k0 > 0) xl = Math.max(xl, -c / k0);
    else xr = Math.min(xr, -c / k0);
    // Edge 1
    c = c10 + c11 * yc;
    if (Math.abs(k1) < 1e-12) empty ||= c < -1e-9;
    else if (k1 > 0) xl = Math.max(xl, -c / k1);
    else xr = Math.min(xr, -c / k1);
    // Edge 2
    c = c20 + c21 * yc;
    if (Math.abs(k2) < 1e-12) empty ||= c < -1e-9;
    else if (k2 > 0) xl = Math.max(xl, -c / k2);
    else xr = Math.min(xr, -c / k2);
    if (empty || xl > xr) continue;
    const xs = Math.max(0, Math.ceil(xl - 0.5));
    const xe = Math.min(w - 1, Math.ceil(xr - 0.5) - 1);
    if (xs > xe) continue;
    const dx = xs + 0.5 - x0;
    const dy = yc - y0;
    // Source position of this pixel centre, in source pixel-centre coordinates.
    let u = u0 + uX * dx + uY * dy - 0.5;
    let v = v0 + vX * dx + vY * dy - 0.5;
    let o = y * w + xs;
    // When the whole row samples inside the picture (the usual case), skip the edge clamps.
    const uEnd = u + uX * (xe - xs);
    const vEnd = v + vX * (xe - xs);
    if (
      Math.min(u, uEnd) >= 0 &&
      Math.max(u, uEnd) < maxU &&
      Math.min(v, vEnd) >= 0 &&
      Math.max(v, vEnd) < maxV
    ) {
      if (src2 && out2) {
        for (let x = xs; x <= xe; x++, o++, u += uX, v += vX) {
          const ix = u | 0;
          const iy = v | 0;
          const fx = u - ix;
          const fy = v - iy;
          const i = iy * sw + ix;
          let p00 = src[i]!;
          let p10 = src[i + 1]!;
          let p01 = src[i + sw]!;
          let p11 = src[i + sw + 1]!;
          let top0 = p00 + (p10 - p00) * fx;
          let bot0 = p01 + (p11 - p01) * fx;
          out[o] = (top0 + (bot0 - top0) * fy + 0.5) | 0;
          p00 = src2[i]!;
          p10 = src2[i + 1]!;
          p01 = src2[i + sw]!;
          p11 = src2[i + sw + 1]!;
          top0 = p00 + (p10 - p00) * fx;
          bot0 = p01 + (p11 - p01) * fx;
          out2[o] = (top0 + (bot0 - top0) * fy + 0.5) | 0;
        }
        continue;
      }
      for (let x = xs; x <= xe; x++, o++, u += uX, v += vX) {
        const ix = u | 0;
        const iy = v | 0;
        const fx = u - ix;
        const fy = v - iy;
        const i = iy * sw + ix;
        const p00 = src[i]!;
        const p10 = src[i + 1]!;
        const p01 = src[i + sw]!;
        const p11 = src[i + sw + 1]!;
        const top0 = p00 + (p10 - p00) * fx;
        const bot0 = p01 + (p11 - p01) * fx;
        out[o] = (top0 + (bot0 - top0) * fy + 0.5) | 0;
      }
      continue;
    }
    for (let x = xs; x <= xe; x++, o++, u += uX, v += vX) {
      const uc = u < 0 ? 0 : u > maxU ? maxU : u;
      const vc = v < 0 ? 0 : v > maxV ? maxV : v;
      const ix = uc | 0;
      const iy = vc | 0;
      const fx = uc - ix;
      const fy = vc - iy;
      const i = iy * sw + ix;
      const ix1 = ix < maxU ? 1 : 0;
      const iy1 = iy < maxV ? sw : 0;
      const p00 = src[i]!;
      const p10 = src[i + ix1]!;
      const p01 = src[i + iy1]!;
      const p11 = src[i + iy1 + ix1]!;
      const top0 = p00 + (p10 - p00) * fx;
      const bot0 = p01 + (p11 - p01) * fx;
      out[o] = (top0 + (bot0 - top0) * fy + 0.5) | 0;
      if (src2 && out2) {
        const q00 = src2[i]!;
        const q10 = src2[i + ix1]!;
        const q01 = src2[i + iy1]!;
        const q11 = src2[i + iy1 + ix1]!;
        const top1 = q00 + (q10 - q00) * fx;
        const bot1 = q01 + (q11 - q01) * fx;
        out2[o] = (top1 + (bot1 - top1) * fy + 0.5) | 0;
      }
    }
  }
}

/** Warps all three planes of a 4:2:0 frame (chroma at half scale, both chroma planes together). */
export function warpFrame(from: Planes, to: Planes, mesh: WarpMesh): void {
  warpMoved(from, to, mesh, findMoved(mesh));
}

/** warpFrame over the `count` triangles findMoved listed. */
function warpMoved(from: Planes, to: Planes, mesh: WarpMesh, count: number): void {
  for (let k = 0; k < count; k++) fillMoved(mesh, moved[k]!, 1, from[0], to[0], null, null);
  for (let k = 0; k < count; k++) fillMoved(mesh, moved[k]!, 0.5, from[1], to[1], from[2], to[2]);
}

/** A box in frame pixels, corners included (not rounded). */
export interface PixelBounds {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Box (frame pixels) of every triangle with a moved corner, at source and destination. */
export function movedBox(mesh: WarpMesh): PixelBounds | null {
  return boxOfMoved(mesh, findMoved(mesh));
}

/** movedBox over the `count` triangles findMoved listed. */
function boxOfMoved(mesh: WarpMesh, count: number): PixelBounds | null {
  if (count === 0) return null;
  const { src, dst, triangles } = mesh;
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (let k = 0; k < count; k++) {
    const t = moved[k]!;
    for (let j = t; j < t + 3; j++) {
      const v = triangles[j]! * 2;
      x0 = Math.min(x0, src[v]!, dst[v]!);
      y0 = Math.min(y0, src[v + 1]!, dst[v + 1]!);
      x1 = Math.max(x1, src[v]!, dst[v]!);
      y1 = Math.max(y1, src[v + 1]!, dst[v + 1]!);
    }
  }
  return { x0, y0, x1, y1 };
}

/** Node's memcpy of a byte range, called on plain byte arrays (the planes are views, not Buffers). */
const copyBytes = Buffer.prototype.copy;

/** Copies rows y0..y1 and columns x0..x1 of `from` into the same place in `to`. */
function copyRegion(from: Plane, to: Plane, x0: number, y0: number, x1: number, y1: number): void {
  const w = from.width;
  const src = from.data;
  const out = to.data;
  // A memcpy per row, not `set(subarray(…))`: a view object per row was a tenth of a render's
  // garbage; and 7× faster than a loop over the bytes (20 against 150 µs for a 1080p mouth box).
  for (let y = y0; y <= y1; y++) {
    const o = y * w;
    copyBytes.call(src, out, o + x0, o + x0, o + x1 + 1);
  }
}

/**
 * Warps a frame onto itself: the region that moves is first copied to `scratch` (same-size planes,
 * reused between frames) and sampled from there, so only that region is copied, never the frame.
 */
export function warpFrameInPlace(frame: Planes, scratch: Planes, mesh: WarpMesh): void {
  const count = findMoved(mesh);
  const box = boxOfMoved(mesh, count);
  if (!box) return;
  const w = frame[0].width;
  const h = frame[0].height;
  const x0 = Math.max(0, Math.floor(box.x0) - 3) & ~1;
  const y0 = Math.max(0, Math.floor(box.y0) - 3) & ~1;
  const x1 = Math.min(w - 1, Math.ceil(box.x1) + 3) | 1;
  const y1 = Math.min(h - 1, Math.ceil(box.y1) + 3) | 1;
  if (x1 < x0 || y1 < y0) return;
  copyRegion(frame[0], scratch[0], x0, y0, x1, y1);
  copyRegion(frame[1], scratch[1], x0 >> 1, y0 >> 1, x1 >> 1, y1 >> 1);
  copyRegion(frame[2], scratch[2], x0 >> 1, y0 >> 1, x1 >> 1, y1 >> 1);
  warpMoved(scratch, frame, mesh, count);
}
