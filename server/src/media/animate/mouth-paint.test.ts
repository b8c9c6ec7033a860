import assert from 'node:assert/strict';
import { test } from 'node:test';
import { planes } from './frame.js';
import { chromaScaleOfLips, paintMouth } from './mouth-paint.js';
import type { MouthOpening } from './rig.js';

const xs = [-30, -20, -10, 0, 10, 20, 30];
/** Inner contours of a mouth open by `gap` in the middle, in its own frame. */
const contours = (gap: number) => {
  const profile = (x: number) => gap * (1 - (x / 30) ** 2);
  return {
    upper: new Float32Array(xs.flatMap((x) => [x, -0.3 * profile(x)])),
    lower: new Float32Array(xs.flatMap((x) => [x, 0.7 * profile(x)])),
  };
};

/** A mouth 60 px wide at (50, 50) open by `gap`, whose source was open by `sourceGap` (default closed). */
function opening(gap: number, sourceGap = 0): MouthOpening {
  return {
    cx: 50,
    cy: 50,
    ux: 1,
    uy: 0,
    ...contours(gap),
    width: 60,
    maxGap: 20,
    source: { cx: 50, cy: 50, ux: 1, uy: 0, ...contours(sourceGap), xScale: 1 },
  };
}

test('the inside of an open mouth is painted dark with a lighter band of teeth; outside is untouched', () => {
  const frame = { width: 100, height: 100, data: new Uint8Array(15000).fill(150) };
  const p = planes(frame);
  paintMouth(p, opening(20), { lipLuma: 100, chroma: 1 });
  const y = p[0].data;
  // Deep in the cavity (below the teeth band, above the tongue): dark.
  assert.ok(y[56 * 100 + 50]! < 60, `cavity ${y[56 * 100 + 50]}`);
  // Just under the upper lip in the middle: teeth, lighter than the cavity.
  assert.ok(y[45 * 100 + 50]! > y[56 * 100 + 50]! + 30, `teeth ${y[45 * 100 + 50]}`);
  // Outside the opening nothing changes.
  assert.equal(y[10 * 100 + 10], 150);
  assert.equal(y[50 * 100 + 90], 150);
  // Chroma turns warm (Cr above neutral) in the cavity.
  assert.ok(p[2].data[28 * 50 + 25]! > 132);
});

test('a black-and-white picture gets a grey inside; faded lips a paler one', () => {
  const cavityChroma = (chroma: number) => {
    const frame = { width: 100, height: 100, data: new Uint8Array(15000).fill(128) };
    const p = planes(frame);
    paintMouth(p, opening(20), { lipLuma: 100, chroma });
    const i = 28 * 50 + 25;
    return Math.hypot(p[1].data[i]! - 128, p[2].data[i]! - 128);
  };
  assert.ok(cavityChroma(0) <= 1, `grey ${cavityChroma(0)}`);
  assert.ok(cavityChroma(1) > 10, `colour ${cavityChroma(1)}`);
  assert.ok(Math.abs(cavityChroma(0.5) - cavityChroma(1) / 2) <= 1.5, `half ${cavityChroma(0.5)}`);
  // Grey lips (a black-and-white photo, ~0-3 from grey) paint grey; pale lips (~25) in full colour.
  assert.ok(chromaScaleOfLips(2) <= 0.1);
  assert.equal(chromaScaleOfLips(25), 1);
});

test('a closed mouth paints nothing', () => {
  const frame = { width: 100, height: 100, data: new Uint8Array(15000).fill(150) };
  paintMouth(planes(frame), opening(0), { lipLuma: 100, chroma: 1 });
  assert.ok(frame.data.every((v) => v === 150));
});

test('a large open mouth shows the gaps between the upper teeth; a small one shows an even row', () => {
  // A mouth 160 px wide (a face filling a 1080p frame) and one 40 px wide, both well open.
  const wide = (w: number) => {
    const o = opening(20);
    const k = w / 60;
    return {
      ...o,
      cx: 100,
      cy: 60,
      upper: o.upper.map((v) => v * k),
      lower: o.lower.map((v) => v * k),
      width: w,
      maxGap: 20 * k,
    };
  };
  const row = (w: number) => {
    const frame = { width: 200, height: 120, data: new Uint8Array(200 * 120 * 1.5).fill(150) };
    const p = planes(frame);
    const o = wide(w);
    paintMouth(p, o, { lipLuma: 100, chroma: 1 });
    // Luma along a line through the teeth near their biting edge, from the middle outward.
    const yu = -0.3 * 20 * (w / 60);
    const teeth = Math.min(20 * (w / 60) * 0.4, w * 0.08);
    const y = Math.round(o.cy + yu + teeth * 0.8);
    return Array.from({ length: Math.floor(w * 0.3) }, (_, i) => p[0].data[y * 200 + 100 + i]!);
  };
  const large = row(160);
  // The gap between the central and the lateral incisor, ~0.34 of the half-width from the middle.
  const edge = Math.round(0.34 * 80);
  const around = [...large.slice(edge - 8, edge - 3), ...large.slice(edge + 4, edge + 9)];
  assert.ok(
    Math.min(...large.slice(edge - 2, edge + 3)) < Math.min(...around) - 12,
    `row ${large.join(',')}`,
  );
  const small = row(40);
  // No dip: each pixel at least as light as the darker of its neighbours two pixels away, give or take.
  for (let i = 2; i < small.length - 2; i++) {
    assert.ok(small[i]! >= Math.min(small[i - 2]!, small[i + 2]!) - 3, `small row ${small.join(',')}`);
  }
});

test("a source's own open mouth is shown, not painted: teeth stay behind the lips that close or open", () => {
  // The source: a mouth open 12 px in the middle (x = 50): upper lip at y 46.4, lower lip at 58.4.
  // Upper teeth (luma 200) 4 px deep behind the upper lip, a dark gap (30), lower teeth (luma 180)
  // in the 2 px above the lower lip.
  const source = planes({ width: 100, height: 100, data: new Uint8Array(15000).fill(150) });
  for (let y = 40; y < 65; y++) {
    for (let x = 10; x < 90; x++) source[0].data[y * 100 + x] = y < 50.4 ? 200 : y >= 56.4 ? 180 : 30;
  }
  const paint = (gap: number) => {
    const p = planes({ width: 100, height: 100, data: new Uint8Array(15000).fill(150) });
    paintMouth(p, opening(gap, 12), { lipLuma: 100, chroma: 1 }, source);
    return p[0].data;
  };
  // Closing to 6 px (upper lip at 48.2, lower at 54.2): the jaw has shut behind the upper teeth,
  // which fill the opening, with the lower teeth at its bottom; no dark gap and no painted teeth.
  const half = paint(6);
  assert.equal(half[49 * 100 + 50], 200);
  assert.ok(half[53 * 100 + 50]! >= 170, `bottom of the opening ${half[53 * 100 + 50]}`);
  // Opening wider (20 px: upper lip at 44, lower at 64): the upper teeth under the upper lip, as tall
  // as in the source, the lower teeth above the lower lip, and the painted cavity between them.
  const wide = paint(20);
  assert.equal(wide[45 * 100 + 50], 200);
  assert.ok(wide[55 * 100 + 50]! < 60, `cavity ${wide[55 * 100 + 50]}`);
  assert.ok(wide[63 * 100 + 50]! >= 170, `lower teeth ${wide[63 * 100 + 50]}`);
  // Without the source frame, the same mouth is painted.
  const painted = planes({ width: 100, height: 100, data: new Uint8Array(15000).fill(150) });
  paintMouth(painted, opening(6, 12), { lipLuma: 100, chroma: 1 });
  assert.notEqual(painted[0].data[49 * 100 + 50], 200);
});
