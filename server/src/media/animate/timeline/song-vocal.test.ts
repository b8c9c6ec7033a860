import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SongVocalEstimator, slideSorted } from './song-vocal.js';

test('sliding a sorted window keeps it sorted, like sorting afresh', () => {
  let seed = 11;
  const rand = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  const stream = Array.from({ length: 400 }, () => Math.round(rand() * 50) / 10);
  const n = 17;
  // The window sits inside a larger array, as the per-bin windows do.
  const values = new Float64Array(n + 6);
  values.set(Float64Array.from(stream.slice(0, n)).sort(), 3);
  for (let i = n; i < stream.length; i++) {
    slideSorted(values, 3, n, stream[i - n]!, stream[i]!);
    const expected = Float64Array.from(stream.slice(i - n + 1, i + 1)).sort();
    assert.deepEqual(values.subarray(3, 3 + n), expected, `step ${i}`);
  }
});

test('one estimate per hop, in order, whatever the length', () => {
  const bands = {
    voice: [8, 112] as [number, number],
    lowVoice: [8, 32] as [number, number],
    highVoice: [58, 112] as [number, number],
  };
  for (const hops of [0, 1, 3, 8, 9, 200, 260, 600]) {
    const e = new SongVocalEstimator(bands, 257);
    let out = 0;
    const spectrum = new Float64Array(257);
    for (let i = 0; i < hops; i++) {
      spectrum.fill(0);
      // A tone that moves from hop to hop, so no bin is steady.
      spectrum[20 + (i % 40)] = 1e-3;
      if (e.push(spectrum)) out++;
    }
    out += e.flush().length;
    assert.equal(out, hops, `${hops} hops`);
  }
});

test('the sustained-energy window forgets: a drone that stops is not subtracted long after', () => {
  const bands = {
    voice: [8, 112] as [number, number],
    lowVoice: [8, 32] as [number, number],
    highVoice: [58, 112] as [number, number],
  };
  const e = new SongVocalEstimator(bands, 257);
  const out: number[] = [];
  const spectrum = new Float64Array(257);
  // 20 s of a steady drone in bin 40, then 20 s of a fluttering tone (a voice) in the same bin.
  for (let i = 0; i < 4000; i++) {
    spectrum.fill(0);
    spectrum[40] = i < 2000 ? 1e-2 : i % 20 < 12 ? 1e-3 * (1 + (i % 7)) : 0;
    const hop = e.push(spectrum);
    if (hop) out.push(hop.voice);
  }
  out.push(...e.flush().map((h) => h.voice));
  const power = (from: number, to: number) => out.slice(from, to).reduce((a, b) => a + b, 0) / (to - from);
  // The drone goes, the later tone stays: the drone's level is no longer remembered after 2.5 s.
  assert.ok(power(500, 1500) < 1e-4, `drone ${power(500, 1500)}`);
  assert.ok(power(2500, 3500) > 1e-3, `tone ${power(2500, 3500)}`);
});
