import assert from 'node:assert/strict';
import { test } from 'node:test';
import { blinkShape, blinkTimes, blinkTrack, headTrack, IDLE_LEVELS, prng } from './idle-motion.js';

test('the PRNG is deterministic and uniform enough', () => {
  const a = prng(42);
  const b = prng(42);
  const xs = Array.from({ length: 1000 }, () => a());
  assert.deepEqual(
    xs.slice(0, 5),
    Array.from({ length: 5 }, () => b()),
  );
  const mean = xs.reduce((s, v) => s + v, 0) / xs.length;
  assert.ok(mean > 0.45 && mean < 0.55);
});

test('blinks come at a human rate, never closer than 1.2 s, and shut the eye fully', () => {
  const times = blinkTimes(600, 15, 7);
  const perMin = times.length / 10;
  assert.ok(perMin > 12 && perMin < 18, `${perMin} blinks per minute`);
  for (let i = 1; i < times.length; i++) assert.ok(times[i]! - times[i - 1]! >= 1.2);
  assert.equal(blinkShape(0.08), 1);
  assert.equal(blinkShape(0.5), 0);
  const track = blinkTrack(250, 25, [1]);
  assert.equal(track[24], 0);
  assert.ok(Math.max(...track) >= 0.99, 'a blink reaches closed at 25 fps');
  assert.equal(track[40], 0);
});

test('head motion starts at rest, stays within its level and nods on beats', () => {
  const h = headTrack(25 * 30, 25, IDLE_LEVELS.subtle, 3, null);
  assert.equal(Math.abs(h.angle[0]!), 0);
  const maxTilt = Math.max(...h.angle.map(Math.abs));
  assert.ok(maxTilt > 0 && maxTilt <= (IDLE_LEVELS.subtle.tiltDeg * Math.PI) / 180 + 1e-6);
  const lively = headTrack(25 * 30, 25, IDLE_LEVELS.lively, 3, null);
  assert.ok(Math.max(...lively.angle.map(Math.abs)) > maxTilt * 1.5);
  const beat = headTrack(100, 25, IDLE_LEVELS.none, 1, null, [{ timeSec: 1, strength: 1 }]);
  assert.equal(Math.abs(beat.dy[20]!), 0);
  assert.ok(beat.dy[28]! > 0.015, 'the head dips ~120 ms after the beat');
});
