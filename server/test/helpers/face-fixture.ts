import { readFileSync } from 'node:fs';

/** The landmarks of the sample portrait (720x960), measured once by the face engine; for unit tests. */
export function portraitLandmarks(): Float32Array {
  const file = new URL('../fixtures/face/portrait-mesh.json', import.meta.url);
  const { points } = JSON.parse(readFileSync(file, 'utf8')) as { points: [number, number][] };
  const out = new Float32Array(points.length * 2);
  points.forEach(([x, y], i) => {
    out[i * 2] = x;
    out[i * 2 + 1] = y;
  });
  return out;
}
