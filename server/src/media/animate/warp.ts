import { FINE, type FineLuma } from './fine-luma.js';
import type { Plane } from './frame.js';

type Planes = [Plane, Plane, Plane];

/**
 * Piecewise-affine image warp: each destination triangle is filled from the matching source
 * triangle, the luma sampled with a cubic (sampleRowsCubic, or from a still picture's quarter-pixel
 * grid of it, sampleRowsFine) and the chroma bilinearly. Triangles whose corners do not move are
 * skipped, so only the part of the frame that deforms costs anything; the rest is left exactly as
 * it was.
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
  fine: FineLuma | null = null,
): void {
  const { triangles } = mesh;
  const a = triangles[t]! * 2;
  const b = triangles[t + 1]! * 2;
  const c = triangles[t + 2]! * 2;
  const rows = triangleRows(mesh.src, mesh.dst, a, b, c, scale, to.width, to.height, from.width, from.height);
  if (rows === 0) return;
  if (from2 && to2)
    sampleRowPairs(from.data, to.data, from2.data, to2.data, from.width, to.width, from.height, rows);
  else if (fine) sampleRowsFine(fine, from.data, to.data, from.width, to.width, from.height, rows);
  else if (scale === 1) sampleRowsCubic(from.data, to.data, from.width, to.width, from.height, rows);
  else sampleRows(from.data, to.data, from.width, to.width, from.height, rows);
}

/**
 * One triangle's rows, as triangleRows lays them out for the samplers: the row, its first and last
 * column, the source position of its first pixel, and whether the whole row samples inside the
 * source (no edge clamps needed, the usual case). Module-level and grown as needed: the geometry
 * and the sampling are separate functions, each small enough for V8 to compile well, and they pass
 * fractional values through these arrays rather than as arguments (which would be boxed per call).
 */
let rowY = new Int32Array(512);
let rowStart = new Int32Array(512);
let rowEnd = new Int32Array(512);
let rowU = new Float64Array(512);
let rowV = new Float64Array(512);
let rowInside = new Uint8Array(512);
/** The source step per destination pixel along a row: u, then v. */
const rowStep = new Float64Array(2);

function growRows(n: number): void {
  if (rowY.length >= n) return;
  rowY = new Int32Array(n);
  rowStart = new Int32Array(n);
  rowEnd = new Int32Array(n);
  rowU = new Float64Array(n);
  rowV = new Float64Array(n);
  rowInside = new Uint8Array(n);
}

/**
 * Lays out the rows of pixels whose centres lie in the destination triangle of corners a, b, c
 * (offsets of their x in the mesh arrays, scaled by `scale`) for a `w`x`h` destination sampled from
 * an `sw`x`sh` source, and returns how many there are. The affine map to the source triangle is set
 * up once; along a row the source position advances by a constant step (rowStep).
 */
function triangleRows(
  srcMesh: Float32Array,
  dstMesh: Float32Array,
  a: number,
  b: number,
  c: number,
  scale: number,
  w: number,
  h: number,
  sw: number,
  sh: number,
): number {
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
  if (Math.abs(det) < 1e-9) return 0;
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
  rowStep[0] = uX;
  rowStep[1] = vX;

  const top = Math.max(0, Math.ceil(Math.min(y0, y1, y2) - 0.5));
  const bottom = Math.min(h - 1, Math.floor(Math.max(y0, y1, y2) - 0.5));
  growRows(bottom - top + 1);
  const maxU = sw - 1;
  const maxV = sh - 1;
  // Each edge a→b bounds the row's span: inside is sign(det)·cross(b−a, p−a) ≥ 0, which is linear in
  // x for a given row: k·x + c(y) ≥ 0 with c(y) = c0 + c1·y. Solved once here for x, it becomes a
  // bound x ≥ A + B·y (k > 0, a left edge) or x ≤ A + B·y (k < 0, a right edge), so each row costs
  // two multiply-adds per side instead of three divisions. A triangle has at most two edges on a
  // side; an absent one is an infinite bound. A level edge (k = 0) bounds rows, not columns.
  const sg = det > 0 ? 1 : -1;
  let lA0 = -Infinity;
  let lB0 = 0;
  let lA1 = -Infinity;
  let lB1 = 0;
  let rA0 = Infinity;
  let rB0 = 0;
  let rA1 = Infinity;
  let rB1 = 0;
  let lefts = 0;
  let rights = 0;
  let hC0 = 0;
  let hC1 = 0;
  for (let e = 0; e < 3; e++) {
    const ax = e === 0 ? x0 : e === 1 ? x1 : x2;
    const ay = e === 0 ? y0 : e === 1 ? y1 : y2;
    const bx = e === 0 ? x1 : e === 1 ? x2 : x0;
    const by = e === 0 ? y1 : e === 1 ? y2 : y0;
    const k = -(by - ay) * sg;
    const c0 = ((by - ay) * ax - (bx - ax) * ay) * sg;
    const c1 = (bx - ax) * sg;
    if (Math.abs(k) < 1e-12) {
      hC0 = c0;
      hC1 = c1;
    } else if (k > 0) {
      if (lefts++ === 0) {
        lA0 = -c0 / k;
        lB0 = -c1 / k;
      } else {
        lA1 = -c0 / k;
        lB1 = -c1 / k;
      }
    } else if (rights++ === 0) {
      rA0 = -c0 / k;
      rB0 = -c1 / k;
    } else {
      rA1 = -c0 / k;
      rB1 = -c1 / k;
    }
  }
  let n = 0;
  for (let y = top; y <= bottom; y++) {
    const yc = y + 0.5;
    if (hC0 + hC1 * yc < -1e-9) continue;
    const l0 = lA0 + lB0 * yc;
    const l1 = lA1 + lB1 * yc;
    const r0 = rA0 + rB0 * yc;
    const r1 = rA1 + rB1 * yc;
    const xl = l0 > l1 ? l0 : l1;
    const xr = r0 < r1 ? r0 : r1;
    if (xl > xr) continue;
    const xs = Math.max(0, Math.ceil(xl - 0.5));
    const xe = Math.min(w - 1, Math.ceil(xr - 0.5) - 1);
    if (xs > xe) continue;
    const dx = xs + 0.5 - x0;
    const dy = yc - y0;
    // Source position of this pixel centre, in source pixel-centre coordinates.
    const u = u0 + uX * dx + uY * dy - 0.5;
    const v = v0 + vX * dx + vY * dy - 0.5;
    const uEnd = u + uX * (xe - xs);
    const vEnd = v + vX * (xe - xs);
    rowY[n] = y;
    rowStart[n] = xs;
    rowEnd[n] = xe;
    rowU[n] = u;
    rowV[n] = v;
    const uLo = Math.min(u, uEnd);
    const uHi = Math.max(u, uEnd);
    const vLo = Math.min(v, vEnd);
    const vHi = Math.max(v, vEnd);
    // 2: the cubic's 4x4 taps stay inside; 1: the bilinear's 2x2 do; 0: edge clamps needed.
    rowInside[n] =
      uLo >= 1 && uHi < maxU - 1 && vLo >= 1 && vHi < maxV - 1
        ? 2
        : uLo >= 0 && uHi < maxU && vLo >= 0 && vHi < maxV
          ? 1
          : 0;
    n++;
  }
  return n;
}

/**
 * sampleRows for the luma plane: rows whose taps all lie inside are sampled with the Catmull-Rom
 * cubic, which keeps a moved face as sharp as the frame around it (bilinear sampling averages
 * neighbouring pixels at every fractional step: a face that moves with the head every frame came
 * out visibly softer than the still background); rows at the edges fall back to sampleRows.
 */
function sampleRowsCubic(
  src: Uint8Array,
  out: Uint8Array,
  sw: number,
  w: number,
  sh: number,
  rows: number,
): void {
  const uX = rowStep[0]!;
  const vX = rowStep[1]!;
  for (let r = 0; r < rows; r++) {
    if (rowInside[r] !== 2) {
      sampleRow(src, out, sw, w, sh, r);
      continue;
    }
    const xe = rowEnd[r]!;
    let x = rowStart[r]!;
    let o = rowY[r]! * w + x;
    let u = rowU[r]!;
    let v = rowV[r]!;
    for (; x <= xe; x++, o++, u += uX, v += vX) {
      const ix = u | 0;
      const iy = v | 0;
      const tx = u - ix;
      const ty = v - iy;
      const tx2 = tx * tx;
      const ty2 = ty * ty;
      const ax0 = (-0.5 * tx + 1) * tx2 - 0.5 * tx;
      const ax1 = (1.5 * tx - 2.5) * tx2 + 1;
      const ax2 = (-1.5 * tx + 2) * tx2 + 0.5 * tx;
      const ax3 = (0.5 * tx - 0.5) * tx2;
      const ay0 = (-0.5 * ty + 1) * ty2 - 0.5 * ty;
      const ay1 = (1.5 * ty - 2.5) * ty2 + 1;
      const ay2 = (-1.5 * ty + 2) * ty2 + 0.5 * ty;
      const ay3 = (0.5 * ty - 0.5) * ty2;
      let i = (iy - 1) * sw + ix - 1;
      let acc = ay0 * (ax0 * src[i]! + ax1 * src[i + 1]! + ax2 * src[i + 2]! + ax3 * src[i + 3]!);
      i += sw;
      acc += ay1 * (ax0 * src[i]! + ax1 * src[i + 1]! + ax2 * src[i + 2]! + ax3 * src[i + 3]!);
      i += sw;
      acc += ay2 * (ax0 * src[i]! + ax1 * src[i + 1]! + ax2 * src[i + 2]! + ax3 * src[i + 3]!);
      i += sw;
      acc += ay3 * (ax0 * src[i]! + ax1 * src[i + 1]! + ax2 * src[i + 2]! + ax3 * src[i + 3]!);
      out[o] = acc <= 0 ? 0 : acc >= 255 ? 255 : (acc + 0.5) | 0;
    }
  }
}

/**
 * sampleRowsCubic from a still picture's quarter-pixel grid (fine-luma.ts): each pixel is read
 * bilinearly between the four grid values around it, a quarter pixel apart, instead of from the
 * cubic's sixteen taps. The grid holds the cubic with the picture's edge repeated, so only rows
 * whose bilinear taps would leave the picture (rowInside 0) fall back to sampleRow.
 */
function sampleRowsFine(
  fine: FineLuma,
  src: Uint8Array,
  out: Uint8Array,
  sw: number,
  w: number,
  sh: number,
  rows: number,
): void {
  const grid = fine.data;
  const stride = fine.stride;
  // Grid positions in 16.16 fixed point and weights in 8 bits (a 1,024th of a pixel): integer
  // arithmetic only, 5-15 % less time for a frame's warp than the same in doubles. A 1,920 px
  // picture's grid is 7,680 samples wide, well inside 32 bits, and the step's rounding drifts by
  // less than a 500th of a pixel over a row.
  const dU = Math.round(rowStep[0]! * FINE * 65536);
  const dV = Math.round(rowStep[1]! * FINE * 65536);
  for (let r = 0; r < rows; r++) {
    if (rowInside[r] === 0) {
      sampleRow(src, out, sw, w, sh, r);
      continue;
    }
    const xe = rowEnd[r]!;
    let x = rowStart[r]!;
    let o = rowY[r]! * w + x;
    let U = Math.round((rowU[r]! - fine.x0) * FINE * 65536);
    let V = Math.round((rowV[r]! - fine.y0) * FINE * 65536);
    for (; x <= xe; x++, o++, U += dU, V += dV) {
      const i = (V >> 16) * stride + (U >> 16);
      const ax = (U >> 8) & 255;
      const g00 = grid[i]!;
      const g10 = grid[i + stride]!;
      const top = (g00 << 8) + (grid[i + 1]! - g00) * ax;
      const bot = (g10 << 8) + (grid[i + stride + 1]! - g10) * ax;
      out[o] = ((top << 8) + (bot - top) * ((V >> 8) & 255) + 32768) >> 16;
    }
  }
}

/** Fills the `rows` laid out by triangleRows in `out` (`w` wide), sampled bilinearly from `src` (`sw`x`sh`). */
function sampleRows(src: Uint8Array, out: Uint8Array, sw: number, w: number, sh: number, rows: number): void {
  for (let r = 0; r < rows; r++) sampleRow(src, out, sw, w, sh, r);
}

/** Row `r` of sampleRows. */
function sampleRow(src: Uint8Array, out: Uint8Array, sw: number, w: number, sh: number, r: number): void {
  const uX = rowStep[0]!;
  const vX = rowStep[1]!;
  const maxU = sw - 1;
  const maxV = sh - 1;
  const xe = rowEnd[r]!;
  let x = rowStart[r]!;
  let o = rowY[r]! * w + x;
  let u = rowU[r]!;
  let v = rowV[r]!;
  if (rowInside[r]! >= 1) {
    for (; x <= xe; x++, o++, u += uX, v += vX) {
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
    return;
  }
  for (; x <= xe; x++, o++, u += uX, v += vX) {
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
  }
}

/**
 * sampleRows for both chroma planes at once (same size): each position is sampled in both pairs,
 * the same arithmetic as two calls, the positions stepped once.
 */
function sampleRowPairs(
  src: Uint8Array,
  out: Uint8Array,
  src2: Uint8Array,
  out2: Uint8Array,
  sw: number,
  w: number,
  sh: number,
  rows: number,
): void {
  const uX = rowStep[0]!;
  const vX = rowStep[1]!;
  const maxU = sw - 1;
  const maxV = sh - 1;
  for (let r = 0; r < rows; r++) {
    const xe = rowEnd[r]!;
    let x = rowStart[r]!;
    let o = rowY[r]! * w + x;
    let u = rowU[r]!;
    let v = rowV[r]!;
    const inside = rowInside[r]! >= 1;
    for (; x <= xe; x++, o++, u += uX, v += vX) {
      const uc = inside ? u : u < 0 ? 0 : u > maxU ? maxU : u;
      const vc = inside ? v : v < 0 ? 0 : v > maxV ? maxV : v;
      const ix = uc | 0;
      const iy = vc | 0;
      const fx = uc - ix;
      const fy = vc - iy;
      const i = iy * sw + ix;
      const ix1 = inside || ix < maxU ? 1 : 0;
      const iy1 = inside || iy < maxV ? sw : 0;
      let p00 = src[i]!;
      let p10 = src[i + ix1]!;
      let p01 = src[i + iy1]!;
      let p11 = src[i + iy1 + ix1]!;
      let top = p00 + (p10 - p00) * fx;
      let bot = p01 + (p11 - p01) * fx;
      out[o] = (top + (bot - top) * fy + 0.5) | 0;
      p00 = src2[i]!;
      p10 = src2[i + ix1]!;
      p01 = src2[i + iy1]!;
      p11 = src2[i + iy1 + ix1]!;
      top = p00 + (p10 - p00) * fx;
      bot = p01 + (p11 - p01) * fx;
      out2[o] = (top + (bot - top) * fy + 0.5) | 0;
    }
  }
}

/**
 * Warps all three planes of a 4:2:0 frame (chroma at half scale, both chroma planes together).
 * `fine`, when given, is `from`'s luma on its quarter-pixel grid (a still picture warped every
 * frame), which the luma is then read from.
 */
export function warpFrame(from: Planes, to: Planes, mesh: WarpMesh, fine: FineLuma | null = null): void {
  warpMoved(from, to, mesh, findMoved(mesh), fine);
}

/** warpFrame over the `count` triangles findMoved listed. */
function warpMoved(
  from: Planes,
  to: Planes,
  mesh: WarpMesh,
  count: number,
  fine: FineLuma | null = null,
): void {
  for (let k = 0; k < count; k++) fillMoved(mesh, moved[k]!, 1, from[0], to[0], null, null, fine);
  for (let k = 0; k < count; k++) fillMoved(mesh, moved[k]!, 0.5, from[1], to[1], from[2], to[2]);
}

/** A box in frame pixels, corners included (not rounded). */
export interface PixelBounds {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** The box holding both (either may be null: nothing there). Pure. */
export function joinBounds(a: PixelBounds | null, b: PixelBounds | null): PixelBounds | null {
  if (!a || !b) return a ?? b;
  return {
    x0: Math.min(a.x0, b.x0),
    y0: Math.min(a.y0, b.y0),
    x1: Math.max(a.x1, b.x1),
    y1: Math.max(a.y1, b.y1),
  };
}

/** Box (frame pixels) of the mesh's source positions: everything a warp by it may read. Pure. */
export function sourceBox(mesh: WarpMesh): PixelBounds {
  const { src } = mesh;
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (let v = 0; v < src.length; v += 2) {
    x0 = Math.min(x0, src[v]!);
    y0 = Math.min(y0, src[v + 1]!);
    x1 = Math.max(x1, src[v]!);
    y1 = Math.max(y1, src[v + 1]!);
  }
  return { x0, y0, x1, y1 };
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
 * Copies the pixels of `box` (frame pixels, widened to even bounds for the 4:2:0 chroma) from one
 * frame's planes to another's: the warp in place reads its source from scratch planes, and the
 * painter reads the source's mouth from there too, which the warp alone copies only where it moves.
 */
export function copyBox(from: Planes, to: Planes, box: PixelBounds): void {
  const w = from[0].width;
  const h = from[0].height;
  const x0 = Math.max(0, Math.floor(box.x0) - 2) & ~1;
  const y0 = Math.max(0, Math.floor(box.y0) - 2) & ~1;
  const x1 = Math.min(w - 1, Math.ceil(box.x1) + 2) | 1;
  const y1 = Math.min(h - 1, Math.ceil(box.y1) + 2) | 1;
  if (x1 < x0 || y1 < y0) return;
  copyRegion(from[0], to[0], x0, y0, x1, y1);
  copyRegion(from[1], to[1], x0 >> 1, y0 >> 1, x1 >> 1, y1 >> 1);
  copyRegion(from[2], to[2], x0 >> 1, y0 >> 1, x1 >> 1, y1 >> 1);
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
