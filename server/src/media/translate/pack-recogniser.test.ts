import assert from 'node:assert/strict';
import { test } from 'node:test';
import { failureReason, wordsFromSegments } from './pack-recogniser.js';

test('words share their stretch’s time by their length, in order', () => {
  const words = wordsFromSegments([
    { startSec: 1, endSec: 2, text: 'Good morning' },
    { startSec: 3, endSec: 3.5, text: '' },
    { startSec: 4, endSec: 4.6, text: ' the  end ' },
  ]);
  assert.deepEqual(
    words.map((w) => [w.text, +w.startSec.toFixed(3), +w.endSec.toFixed(3)]),
    [
      ['Good', 1, 1.364],
      ['morning', 1.364, 2],
      ['the', 4, 4.3],
      ['end', 4.3, 4.6],
    ],
  );
  assert.ok(words.every((w) => w.confidence === 1));
});

test('a failed runner is explained by sherpa’s own line, not by Node’s stack', () => {
  const stderr =
    "terminate called after throwing an instance of 'Ort::Exception'\n" +
    '  what():  Load model from /p/encoder.onnx failed:Protobuf parsing failed.\n';
  assert.equal(
    failureReason(stderr, null, 'SIGABRT'),
    'Load model from /p/encoder.onnx failed:Protobuf parsing failed. (stopped by SIGABRT)',
  );
  assert.equal(
    failureReason(
      'Error: expected 16 kHz audio, got 8000 Hz\n    at runRequest (x.ts:1:1)\n\nNode.js v20.20.2\n',
      1,
      null,
    ),
    'Error: expected 16 kHz audio, got 8000 Hz (exited with code 1)',
  );
  assert.equal(failureReason('', 137, null), 'exited with code 137');
});
