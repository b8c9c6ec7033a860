/** The shift a turned square also gets: fractions of a pixel, so every sample falls between pixels. */
export const TURN_SHIFT = { x: 0.37, y: -0.21 } as const;

/**
 * A warp mesh of two triangles: the square of half-side `half` about (c, c), turned by `deg`
 * degrees about its middle and shifted by TURN_SHIFT. The tests of the luma warp and of the
 * quarter-pixel grid turn a textured picture with it.
 */
export function turnedSquare(c: number, half: number, deg: number) {
  const a = (deg * Math.PI) / 180;
  const src = new Float32Array([
    c - half,
    c - half,
    c + half,
    c - half,
    c + half,
    c + half,
    c - half,
    c + half,
  ]);
  const dst = new Float32Array(8);
  for (let i = 0; i < 4; i++) {
    const x = src[i * 2]! - c;
    const y = src[i * 2 + 1]! - c;
    dst[i * 2] = c + x * Math.cos(a) - y * Math.sin(a) + TURN_SHIFT.x;
    dst[i * 2 + 1] = c + x * Math.sin(a) + y * Math.cos(a) + TURN_SHIFT.y;
  }
  return { src, dst, triangles: new Uint32Array([0, 1, 2, 0, 2, 3]) };
}
