import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AIGC_NEUTRAL_LABEL, aigcComment, aigcLabelText, hasAigcMark } from './aigc.js';

test('AIGC metadata comment', () => {
  assert.equal(aigcComment(), 'AIGC {"Label":"1","ContentProducer":"likeness"}');
  assert.equal(aigcComment('w-1'), 'AIGC {"Label":"1","ContentProducer":"likeness","ProduceID":"w-1"}');
  assert.equal(hasAigcMark(aigcComment()), true);
  assert.equal(hasAigcMark('made with love'), false);
  assert.equal(hasAigcMark(undefined), false);
});

test('the visible AIGC label speaks the video language; unknown or undrawable languages get "AI"', () => {
  assert.equal(aigcLabelText('en'), 'AI-generated');
  assert.equal(aigcLabelText('zh'), 'AI生成');
  assert.equal(aigcLabelText('zh_cantonese'), 'AI生成');
  assert.equal(aigcLabelText('zh_sichuanese'), 'AI生成');
  assert.equal(aigcLabelText('de'), 'KI-generiert');
  assert.equal(aigcLabelText('fr'), 'Généré par IA');
  assert.equal(aigcLabelText('es'), 'Generado por IA');
  assert.equal(aigcLabelText('jp'), 'AI生成');
  // The shipped font has no Hangul: a Korean label would be drawn as boxes.
  assert.equal(aigcLabelText('ko'), AIGC_NEUTRAL_LABEL);
  // Uploaded or sung sound: the language is not known.
  assert.equal(aigcLabelText(null), 'AI');
  assert.equal(aigcLabelText(undefined), 'AI');
});
