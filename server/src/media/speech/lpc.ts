// Linear prediction: autocorrelation, Levinson-Durbin and polynomial roots. All pure.

/** Autocorrelation r[0..order] of a (windowed) frame. */
export function autocorrelation(frame: Float64Array, order: number): Float64Array {
  const r = new Float64Array(order + 1);
  for (let lag = 0; lag <= order; lag++) {
    let acc = 0;
    for (let i = lag; i < frame.length; i++) acc += frame[i]! * frame[i - lag]!;
    r[lag] = acc;
  }
  return r;
}

/**
 * Levinson-Durbin recursion: the predictor polynomial A(z) = 1 + a1 z^-1 + … + ap z^-p as
 * [1, a1, …, ap], or null when the frame is silent or numerically degenerate.
 */
export function levinson(r: Float64Array, order: number): Float64Array | null {
  if (!(r[0]! > 0)) return null;
  const a = new Float64Array(order + 1);
  const tmp = new Float64Array(order + 1);
  a[0] = 1;
  let err = r[0]!;
  for (let i = 1; i <= order; i++) {
    let acc = r[i]!;
    for (let j = 1; j < i; j++) acc += a[j]! * r[i - j]!;
    const k = -acc / err;
    if (!Number.isFinite(k) || Math.abs(k) >= 1) return null;
    tmp.set(a);
    for (let j = 1; j < i; j++) a[j] = tmp[j]! + k * tmp[i - j]!;
    a[i] = k;
    err *= 1 - k * k;
    if (!(err > 0)) return null;
  }
  return a;
}

export interface Complex {
  re: number;
  im: number;
}

/**
 * Roots of the monic polynomial z^n + c1 z^(n-1) + … + cn given as [1, c1, …, cn], by the
 * Durand-Kerner (Weierstrass) iteration. LPC polynomials of order ≤ 16 converge in a few dozen
 * steps; `maxIter` bounds the rare slow case, whose roots are then approximate.
 */
export function polyRoots(coeffs: Float64Array, maxIter = 200, tol = 1e-10): Complex[] {
  const n = coeffs.length - 1;
  if (n < 1) return [];
  const re = new Float64Array(n);
  const im = new Float64Array(n);
  // Starting points on a circle, rotated off the real axis (a standard choice).
  for (let i = 0; i < n; i++) {
    const ang = (2 * Math.PI * i) / n + 0.4;
    re[i] = 0.9 * Math.cos(ang);
    im[i] = 0.9 * Math.sin(ang);
  }
  for (let iter = 0; iter < maxIter; iter++) {
    let moved = 0;
    for (let i = 0; i < n; i++) {
      // p(z_i) by Horner.
      let pr = 1;
      let pi = 0;
      const zr = re[i]!;
      const zi = im[i]!;
      for (let k = 1; k <= n; k++) {
        const nr = pr * zr - pi * zi + coeffs[k]!;
        pi = pr * zi + pi * zr;
        pr = nr;
      }
      // ∏ (z_i - z_j), j ≠ i.
      let dr = 1;
      let di = 0;
      for (let j = 0; j < n; j++) {
        if (j === i) continue;
        const xr = zr - re[j]!;
        const xi = zi - im[j]!;
        const nr = dr * xr - di * xi;
        di = dr * xi + di * xr;
        dr = nr;
      }
      const den = dr * dr + di * di;
      if (den === 0) continue;
      const qr = (pr * dr + pi * di) / den;
      const qi = (pi * dr - pr * di) / den;
      re[i] = zr - qr;
      im[i] = zi - qi;
      moved = Math.max(moved, Math.abs(qr) + Math.abs(qi));
    }
    if (moved < tol) break;
  }
  return Array.from(re, (r, i) => ({ re: r, im: im[i]! }));
}
