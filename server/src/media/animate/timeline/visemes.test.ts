import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { SpeechLanguage } from '../../speech/languages.js';
import { VISEMES, normalisePhoneme, unmappedSymbols, visemeUnits, type VisemeId } from './visemes.js';

const ids = (phoneme: string, language: SpeechLanguage = 'en'): VisemeId[] =>
  visemeUnits(phoneme, language).map((u) => u.viseme);

/**
 * Phoneme ids the speech engine emitted for sample texts in each language (two or three sentences
 * covering the sounds of each; the media test re-collects them from live synthesis).
 */
const EMITTED: Record<string, string> = {
  zh: 'n i χ ˈɑu ua j ˈi ŋ s. ˈi. ˈonɡ ˈu ts ˈi̪ ʐ ˈə ph ts.h f u w tɕ th ˈiɛ tɕh ə ˈo m ˈy k ˈyæ s p ɑ ˈai ˈei l ɕ ˈiɑ ˈo- ˈɑ i. ˈiou ˈər ˈyɛ ˈuə t kh ʃ uː ts. ˈuai ˈuei o- iɛ yɛ iɑ ˈyi ˈua i̪ a r aɪ v ɪ ˈuː uei ˈyə yæ uə ˈou tsh uai əʊ ˌəʊ ˈeɪ ˈa',
  zh_cantonese:
    'n ˈei h ˈou f ˈu j ˈinɡ s ˈai ˈunɡ z ˈi ˈa p k m ɡ t ŋ ˈo d c ˈeoi ˈyu ˈaa b l ˈaai ˈoenɡ ˈonɡ w ou ˈui ˈe ˈenɡ ˈnɡ ˈoi ai ˈaau ˈiu',
  en: 'h ə l ˈoʊ æ n d w ˈɛ k ʌ m t ð ˈɪ dʒ ɪ ɾ əl ˈæ v ɐ ˌɑːɹ oʊ s ˈɜː ɚ ɹ z ˈʌ i ˈeɪ ˌoʊ ˌʌ ˈɔː p ˈɑːɹ ʃ iː θ b ˈɔɪ ʊ tʃ ˈuː j ʒ ᵻ ˌaɪ ˈɑː ˈaʊ f ɡ ˌaʊ ˈaɪ ɔ ŋ ˈiː aʊ ˈɛɹ ˈɔ ˌeɪ ˈʊɹ ɜː ˈɪɹ ˈaɪɚ ʔ n̩',
  de: 'ɡ ˈuː t ə n ˈɑː k ʊ v ɪ l ˈɔ m b aɪ ˈiː d eː ˌoː iː s h ˈɔø a ˈɛ ɜ ʃ ˈøː ˈa z oː ˈeː ɾ p ts r ˌyː ˈʏ f ˈɛː ˈaʊ ç ˈœ pf ˈaɪ ˈʊ ɛ j ˈɪ ˈoː x ˌɑː ˈɑ ˌuː ˈyː',
  es: 'ˈo l a i β j ˌe m b e n ˈi ð o s ɾ θ ˈoɪ ˈa w ˈe t p k ˌa r ʎ u ɲ d ˈu x ɣ f ˌi ˈɛ ɡ tʃ ʝ',
  fr: 'b ɔ̃ ʒ ˈu ʁ e j ɛ̃ v n ˈy s y l ə- ɛ ˈi i d ˈo f ˈɛ o u a ˌɔ ˈɔ̃ p m ˈe ɑ̃ ˈa k œ̃ ˈɛ̃ ˈɑ̃ ˈø z ʃ a- ɡ ɔ t w ˈɪ e- ˈœ ˈœ̃',
  jp: 'k ˌo̞ n i tɕ ˈi h ä d ˌe̞ dʑ t ˌä ɽ ɯᵝ b o̞ s ˌɯᵝ e̞ j ˈo̞ ʲ ŋ ˈɯᵝ ũ ˌũ p ɕ ˌi m ˈä ɸ ˈe̞ w ts ç ɡ ɴ z ˈũ',
  ko: 'ˈɐ n j ʌ ŋ h ˌɐ s e ˌo d i dʑ ˈi t ɫ ɐ b ˈʌ ˌɯ o ɡ ˈɯ w p ˈo ɯ ɾ s- q tɕ t- ˌe tʃ ɛ kh p- m ˌʌ ˈe ˌi ph u q- ˈu ˈɛ k',
};

test('every phoneme id the engine emits for each language maps without unknown symbols', () => {
  for (const [language, list] of Object.entries(EMITTED)) {
    for (const id of list.split(' ')) {
      assert.deepEqual(unmappedSymbols(id, language as SpeechLanguage), [], `${language} ${id}`);
      assert.notEqual(ids(id, language as SpeechLanguage)[0], 'rest', `${language} ${id}`);
    }
  }
});

test('normalisation strips stress, length, tone digits, diacritics and variant marks', () => {
  assert.deepEqual(normalisePhoneme('ˈɑː'), { symbols: 'ɑ', stressed: true });
  assert.deepEqual(normalisePhoneme('ˌoʊ'), { symbols: 'oʊ', stressed: true });
  assert.deepEqual(normalisePhoneme('a55'), { symbols: 'a', stressed: false });
  assert.deepEqual(normalisePhoneme('ɔ̃'), { symbols: 'ɔ', stressed: false });
  assert.deepEqual(normalisePhoneme('ə-'), { symbols: 'ə', stressed: false });
  assert.deepEqual(normalisePhoneme('ɯᵝ'), { symbols: 'ɯ', stressed: false });
  assert.deepEqual(normalisePhoneme('ˈi̪'), { symbols: 'i.', stressed: true });
  assert.equal(normalisePhoneme('ç').symbols, 'ç');
  assert.equal(normalisePhoneme('g').symbols, 'ɡ');
});

test('consonants map to the class of what the lips and jaw do', () => {
  for (const p of ['p', 'b', 'm', 'ph', 'p-', 'pf']) assert.deepEqual(ids(p), ['PP'], p);
  for (const p of ['f', 'v']) assert.deepEqual(ids(p), ['FF'], p);
  assert.deepEqual(ids('ɸ', 'jp'), ['PH']);
  for (const p of ['s', 'z', 'ts']) assert.deepEqual(ids(p), ['SS'], p);
  for (const p of ['ʃ', 'tʃ', 'dʒ', 'ʒ']) assert.deepEqual(ids(p), ['SH'], p);
  for (const p of ['s.', 'ts.', 'ts.h', 'ʐ']) assert.deepEqual(ids(p, 'zh'), ['SR'], p);
  for (const p of ['ɕ', 'tɕ', 'tɕh', 'dʑ']) assert.deepEqual(ids(p, 'zh'), ['SJ'], p);
  for (const p of ['k', 'g', 'ŋ', 'h', 'χ', 'ʁ']) assert.deepEqual(ids(p), ['KK'], p);
  assert.deepEqual(ids('w'), ['WW']);
  assert.deepEqual(ids('ɹ'), ['RR']);
});

test('language decides the ambiguous letters', () => {
  // Jyutping c/z are affricates, IPA c is a palatal stop.
  assert.deepEqual(ids('c', 'zh_cantonese'), ['SS']);
  assert.deepEqual(ids('c', 'en'), ['KK']);
  assert.deepEqual(ids('ˈyu', 'zh_cantonese'), ['UY']);
  assert.deepEqual(ids('ˈeoi', 'zh_cantonese'), ['OE', 'II']);
  assert.deepEqual(ids('r', 'zh'), ['SR']);
  assert.deepEqual(ids('r', 'es'), ['DD']);
  assert.deepEqual(ids('ɯᵝ', 'jp'), ['UJ']);
  assert.deepEqual(ids('ɯ', 'ko'), ['UK']);
});

test('diphthongs and Mandarin finals split into parts, the nucleus taking the largest share', () => {
  const iou = visemeUnits('ˈiou', 'zh');
  assert.deepEqual(
    iou.map((u) => u.viseme),
    ['II', 'OO', 'UU'],
  );
  assert.ok(iou[1]!.share > iou[0]!.share && iou[1]!.share > iou[2]!.share);
  assert.ok(Math.abs(iou.reduce((s, u) => s + u.share, 0) - 1) < 1e-9);
  assert.deepEqual(ids('ˈonɡ', 'zh'), ['OO', 'KK']);
  assert.deepEqual(ids('ˈaɪɚ'), ['AA', 'IH', 'ER']);
});

test('unstressed vowels open less where eSpeak marks stress, not in Chinese', () => {
  assert.equal(visemeUnits('ˈa', 'en')[0]!.openScale, 1);
  assert.ok(visemeUnits('a', 'en')[0]!.openScale < 1);
  assert.equal(visemeUnits('a', 'zh')[0]!.openScale, 1);
});

test('a pause or an id with nothing known is rest', () => {
  assert.deepEqual(ids(''), ['rest']);
  assert.deepEqual(ids('_'), ['rest']);
  assert.deepEqual(unmappedSymbols('☃', 'en'), ['☃']);
});

test('poses are in range and the classes keep their defining traits', () => {
  for (const [id, v] of Object.entries(VISEMES)) {
    assert.ok(v.pose.open >= 0 && v.pose.open <= 1, id);
    assert.ok(v.pose.wide >= -1 && v.pose.wide <= 1, id);
    assert.ok(v.pose.round >= 0 && v.pose.round <= 1, id);
  }
  assert.equal(VISEMES.PP.maxOpen, 0);
  assert.equal(VISEMES.AA.pose.open, 1);
  assert.ok(VISEMES.UU.pose.round > 0.9 && VISEMES.UU.pose.wide < -0.5);
  assert.ok(VISEMES.II.pose.wide > 0.7 && VISEMES.II.pose.round === 0);
  assert.ok(VISEMES.OO.pose.round > 0.5 && VISEMES.UY.pose.round > 0.5);
});
