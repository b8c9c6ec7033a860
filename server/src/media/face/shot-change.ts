/**
 * Cuts from one shot to another, told from the picture: a frame is reduced to the mean brightness
 * of a coarse grid of blocks, and two frames whose grids differ by more than SHOT_CHANGE on average
 * are of different shots. A coarse grid ignores noise and small motion (a mouth, a hand); a cut
 * changes nearly every block at once. Pure.
 */

/** Blocks per side of a frame's signature. */
export const SIGNATURE_GRID = 16;
/**
 * Mean change of a block's brightness (0..1) between consecutive frames above which they are of
 * different shots (measured on the corpus: decision T27).
 */
export const SHOT_CHANGE = 0.06;

/** A frame's signature: the mean luma (0..1) of each block of a grid x grid division, row by row. */
export function frameSignature(
  rgb: Uint8Array,
  width: number,
  height: number,
  grid = SIGNATURE_GRID,
): Float32Array {
  const sums = new Float64Array(grid * grid);
  const counts = new Uint32Array(grid * grid);
  // Every other pixel of every other row: plenty for a block's mean, at a quarter of the reads.
  for (let y = 0; y < height; y += 2) {
    const by = Math.min(grid - 1, Math.floor((y * grid) / height));
    const row = y * width * 3;
    for (let x = 0; x < width; x += 2) {
      const i = row + x * 3;
      const bx = Math.min(grid - 1, Math.floor((x * grid) / width));
      const b = by * grid + bx;
      sums[b]! += 0.299 * rgb[i]! + 0.587 * rgb[i + 1]! + 0.114 * rgb[i + 2]!;
      counts[b]!++;
    }
  }
  const sig = new Float32Array(grid * grid);
  for (let b = 0; b < sig.length; b++) sig[b] = counts[b]! ? sums[b]! / counts[b]! / 255 : 0;
  return sig;
}

/** The mean absolute difference of two signatures of the same grid, 0..1. */
export function signatureDistance(a: Float32Array, b: Float32Array): number {
  let d = 0;
  for (let i = 0; i < a.length; i++) d += Math.abs(a[i]! - b[i]!);
  return a.length ? d / a.length : 0;
}
