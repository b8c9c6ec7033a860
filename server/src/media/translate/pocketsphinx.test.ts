import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parsePocketSphinxTimes, pocketSphinxArgs } from './pocketsphinx.js';

test("the recogniser's words with their times; markers, fillers and pronunciation marks dropped", () => {
  const out = [
    'he was not an illness those young man',
    '<s> 0.000 0.020 0.999000',
    'he 0.030 0.180 0.480136',
    'was(2) 0.190 0.400 0.769488',
    '<sil> 1.120 1.450 0.999400',
    '[NOISE] 1.460 1.550 0.155810',
    '++UM++ 1.560 1.600 0.2',
    'not 1.610 1.710 1.000100',
    '</s> 1.720 2.090 0.997902',
    '',
  ].join('\n');
  assert.deepEqual(parsePocketSphinxTimes(out), [
    { text: 'he', startSec: 0.03, endSec: 0.18, confidence: 0.480136 },
    { text: 'was', startSec: 0.19, endSec: 0.4, confidence: 0.769488 },
    { text: 'not', startSec: 1.61, endSec: 1.71, confidence: 1 },
  ]);
  assert.deepEqual(parsePocketSphinxTimes(''), []);
});

test("the recogniser's arguments name the model's files and ask for times", () => {
  const model = {
    language: 'en',
    acousticModel: '/m/en-us',
    languageModel: '/m/lm.bin',
    dictionary: '/m/d.dict',
  };
  assert.deepEqual(pocketSphinxArgs(model, '/t/in.wav'), [
    ...['-hmm', '/m/en-us', '-lm', '/m/lm.bin', '-dict', '/m/d.dict'],
    ...['-infile', '/t/in.wav', '-time', 'yes', '-logfn', '/dev/null'],
  ]);
});
