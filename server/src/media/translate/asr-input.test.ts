import assert from 'node:assert/strict';
import { test } from 'node:test';
import { monoWavArgs, tempoArgs } from './asr-input.js';

test("the recogniser's input: the first sound stream, 16 kHz mono 16-bit WAV, no picture", () => {
  assert.deepEqual(monoWavArgs('/in/v.mp4', '/t/a.wav'), [
    ...['-hide_banner', '-nostdin', '-v', 'error', '-y', '-i', '/in/v.mp4'],
    ...['-map', '0:a:0', '-vn', '-ac', '1', '-ar', '16000', '-c:a', 'pcm_s16le', '/t/a.wav'],
  ]);
  assert.equal(monoWavArgs('/in/v.mp4', '/t/b.wav', 22050)[13], '22050');
});

test('a time-stretch keeps the pitch (atempo) and refuses factors atempo cannot do in one pass', () => {
  assert.deepEqual(tempoArgs('/t/s.wav', '/t/f.wav', 1.15), [
    ...['-hide_banner', '-nostdin', '-v', 'error', '-y', '-i', '/t/s.wav'],
    ...['-af', 'atempo=1.1500', '-c:a', 'pcm_s16le', '/t/f.wav'],
  ]);
  assert.throws(() => tempoArgs('a', 'b', 2.5), RangeError);
});
