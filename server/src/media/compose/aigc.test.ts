import assert from 'node:assert/strict';
import { test } from 'node:test';
import { aigcComment, hasAigcMark } from './aigc.js';

test('AIGC metadata comment', () => {
  assert.equal(aigcComment(), 'AIGC {"Label":"1","ContentProducer":"likeness"}');
  assert.equal(aigcComment('w-1'), 'AIGC {"Label":"1","ContentProducer":"likeness","ProduceID":"w-1"}');
  assert.equal(hasAigcMark(aigcComment()), true);
  assert.equal(hasAigcMark('made with love'), false);
  assert.equal(hasAigcMark(undefined), false);
});
