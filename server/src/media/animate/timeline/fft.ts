/**
 * Power spectrum of real frames of one fixed power-of-two size. The N real samples are packed into
 * N/2 complex values, transformed by an iterative radix-2 FFT and unpacked, which halves the work of
 * a plain complex transform. Tables are built once per size; the instance reuses its buffers, so it
 * is not safe to share between concurrent analyses (each analyser makes its own).
 */
export class RealFft {
  readonly size: number;
  private readonly half: number;
  private readonly re: Float64Array;
  private readonly im: Float64Array;
  private readonly cos: Float64Array;
  private readonly sin: Float64Array;
  private readonly bitrev: Uint32Array;

  constructor(size: number) {
    if (size < 4 || (size & (size - 1)) !== 0) throw new RangeError(`FFT size must be a power of two ≥ 4`);
    this.size = size;
    this.half = size / 2;
    this.re = new Float64Array(this.half);
    this.im = new Float64Array(this.half);
    // Twiddles of the full size: the half-size transform uses every other one, the unpacking all.
    this.cos = new Float64Array(this.half);
    this.sin = new Float64Array(this.half);
    for (let k = 0; k < this.half; k++) {
      this.cos[k] = Math.cos((2 * Math.PI * k) / size);
      this.sin[k] = -Math.sin((2 * Math.PI * k) / size);
    }
    this.bitrev = new Uint32Array(this.half);
    const bits = Math.log2(this.half);
    for (let i = 0; i < this.half; i++) {
      let r = 0;
      for (let b = 0; b < bits; b++) r |= ((i >> b) & 1) << (bits - 1 - b);
      this.bitrev[i] = r;
    }
  }

  /**
   * |X[k]|² for k = 0..size/2 of the (already windowed) frame, written into `out` (length size/2+1).
   */
  power(frame: ArrayLike<number>, out: Float64Array): void {
    const { half, re, im, cos, sin, bitrev } = this;
    for (let m = 0; m < half; m++) {
      const j = bitrev[m]!;
      re[j] = frame[2 * m]!;
      im[j] = frame[2 * m + 1]!;
    }
    for (let len = 2; len <= half; len <<= 1) {
      const step = this.size / len;
      const h = len >> 1;
      for (let start = 0; start < half; start += len) {
        for (let k = 0; k < h; k++) {
          const wr = cos[k * step]!;
          const wi = sin[k * step]!;
          const a = start + k;
          const b = a + h;
          const xr = re[b]! * wr - im[b]! * wi;
          const xi = re[b]! * wi + im[b]! * wr;
          re[b] = re[a]! - xr;
          im[b] = im[a]! - xi;
          re[a] = re[a]! + xr;
          im[a] = im[a]! + xi;
        }
      }
    }
    // Unpack: X[k] = E[k] + W^k O[k], with E/O the spectra of even/odd samples recovered from Z.
    for (let k = 0; k <= half; k++) {
      const zr = re[k % half]!;
      const zi = im[k % half]!;
      const cr = re[(half - k) % half]!;
      const ci = -im[(half - k) % half]!;
      const er = 0.5 * (zr + cr);
      const ei = 0.5 * (zi + ci);
      const or = 0.5 * (zi - ci);
      const oi = -0.5 * (zr - cr);
      const wr = k < half ? cos[k]! : -1;
      const wi = k < half ? sin[k]! : 0;
      const xr = er + wr * or - wi * oi;
      const xi = ei + wr * oi + wi * or;
      out[k] = xr * xr + xi * xi;
    }
  }
}

/** Periodic Hann window (sums to size/2, overlap-adds flat at 50 %). */
export function hannWindow(size: number): Float64Array {
  const w = new Float64Array(size);
  for (let i = 0; i < size; i++) w[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / size);
  return w;
}
