import assert from 'node:assert/strict';
import { test } from 'node:test';
import { encodeWav, parseWav, wavHeader, wavSamples } from './wav.js';

test('encodeWav / parseWav round trip', () => {
  const samples = Int16Array.from([0, 1, -1, 32767, -32768]);
  const buf = encodeWav(samples, 22050);
  assert.equal(buf.length, 44 + 10);
  const info = parseWav(buf);
  assert.deepEqual(info, {
    sampleRate: 22050,
    channels: 1,
    bitsPerSample: 16,
    dataOffset: 44,
    dataBytes: 10,
    durationSec: 5 / 22050,
  });
  assert.deepEqual(wavSamples(buf, info), samples);
});

test('parseWav skips other chunks and handles streamed sizes', () => {
  const head = wavHeader(0, 16000);
  const list = Buffer.concat([
    Buffer.from('LIST'),
    Buffer.from([3, 0, 0, 0]),
    Buffer.from('abc'),
    Buffer.alloc(1),
  ]);
  const data = Buffer.alloc(3200);
  // fmt chunk, then a LIST chunk with odd size (padded), then data with size 0 (= to end of file).
  const buf = Buffer.concat([head.subarray(0, 36), list, head.subarray(36), data]);
  buf.writeUInt32LE(0, 36 + list.length + 4);
  const info = parseWav(buf);
  assert.equal(info.dataOffset, 44 + list.length);
  assert.equal(info.dataBytes, 3200);
  assert.equal(info.durationSec, 0.1);
  // Only the head read, the file size given separately.
  assert.equal(parseWav(buf.subarray(0, 100), buf.length).durationSec, 0.1);
});

test('parseWav rejects what is not WAV', () => {
  assert.throws(() => parseWav(Buffer.from('ID3 not a wave file')), /RIFF/);
  assert.throws(() => parseWav(wavHeader(0, 8000).subarray(0, 36)), /no data/);
});
