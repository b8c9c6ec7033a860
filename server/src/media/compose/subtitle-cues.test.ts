import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cuesFromWords, displayWidth } from './subtitle-cues.js';

const w = (text: string, startSec: number, endSec: number) => ({ text, startSec, endSec });

test('display width: CJK counts one, Latin half', () => {
  assert.equal(displayWidth('你好ab'), 3);
});

test('Chinese: breaks at sentence ends and before overflow; punctuation tokens attach; trailing 。， dropped', () => {
  const cues = cuesFromWords(
    [
      w('你好', 0, 0.4),
      w('，', 0.4, 0.4),
      w('欢迎', 0.45, 0.8),
      w('使用', 0.8, 1.1),
      w('数字人', 1.1, 1.6),
      w('。', 1.6, 1.6),
      w('今天', 1.8, 2.1),
      w('天气', 2.1, 2.4),
      w('很好', 2.4, 2.8),
      w('！', 2.8, 2.8),
    ],
    8,
  );
  assert.deepEqual(cues, [
    { text: '你好，欢迎使用', startSec: 0, endSec: 1.1 },
    { text: '数字人', startSec: 1.1, endSec: 1.8 },
    { text: '今天天气很好！', startSec: 1.8, endSec: 3.1 },
  ]);
});

test('Latin: words joined with spaces, sentence and clause breaks, long pauses split', () => {
  const cues = cuesFromWords(
    [
      w('Hello,', 0, 0.3),
      w('world.', 0.3, 0.7),
      w('This', 0.8, 1),
      w('is', 1, 1.1),
      w('a', 1.1, 1.15),
      w('rather', 1.15, 1.4),
      w('long,', 1.4, 1.7),
      w('winding', 1.7, 2),
      w('sentence', 2, 2.4),
      w('after', 3.5, 3.8),
      w('pause', 3.8, 4.1),
    ],
    12,
  );
  assert.deepEqual(
    cues.map((c) => c.text),
    ['Hello, world.', 'This is a rather long', 'winding sentence', 'after pause'],
  );
  assert.deepEqual(cues[2], { text: 'winding sentence', startSec: 1.7, endSec: 2.7 });
  // Short cues are shown at least MIN_CUE_SEC when nothing follows soon.
  assert.deepEqual(cuesFromWords([w('Hi', 0, 0.1)], 10), [{ text: 'Hi', startSec: 0, endSec: 0.6 }]);
});

test('mixed scripts, empty tokens and bad limits', () => {
  assert.deepEqual(
    cuesFromWords([w('使用', 0, 0.3), w('AI', 0.3, 0.5), w('  ', 0.5, 0.6), w('生成', 0.6, 0.9)], 20),
    [{ text: '使用AI生成', startSec: 0, endSec: 1.2 }],
  );
  assert.deepEqual(cuesFromWords([], 10), []);
  assert.throws(() => cuesFromWords([w('a', 0, 1)], 0), RangeError);
});
