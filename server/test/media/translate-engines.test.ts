import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { createSpeechEngine, type SpeechEngine } from '../../src/media/speech/index.js';
import { monoWavArgs } from '../../src/media/translate/asr-input.js';
import { parseWav, wavSamples } from '../../src/media/speech/wav.js';
import {
  detectDebianEngine,
  translateSpeech,
  TranslationCatalog,
  TranslationInputError,
  type TranslatedSentence,
  type TranslationEngine,
} from '../../src/media/translate/index.js';
import { wordErrorRate, wordsOf } from '../../src/media/translate/wer.js';
import { runMediaBinary } from '../../src/media/run-ffmpeg.js';
import { bins, makeTempDir } from './compose-fixtures.js';

/**
 * The Debian translation engines on real input: PocketSphinx on recorded speech (the LibriVox
 * readings of Debian's pocketsphinx-testdata, with their transcription) and on English that eSpeak
 * speaks at test time; Apertium on sentences, directly and through a pivot. The word error rates are
 * reported (t.diagnostic) and held to what these engines measured here, so a regression shows.
 * Skipped, saying why, where the packages are missing and cannot be installed (scripts/run-tests.mjs).
 */

const LIBRIVOX = '/usr/share/pocketsphinx/test/data/librivox';
/** What PocketSphinx measured here (35.2 %), with room for another build of the same models. */
const WER_RECORDED = 0.4;
/**
 * What it measured on eSpeak's English (85 %): its acoustic model is trained on human voices, and
 * eSpeak's formant synthesis is far from them. A bound against regression, not an aim.
 */
const WER_ESPEAK = 0.9;

let engine: TranslationEngine | null = null;
let speech: SpeechEngine;
let dir = '';
let cleanup: () => Promise<void>;
let skip: string | false = process.env.LIKENESS_TRANSLATION_SKIP ?? false;

before(async () => {
  ({ dir, cleanup } = await makeTempDir('likeness-translate-'));
  speech = createSpeechEngine({ ffmpeg: bins.ffmpeg, ffprobe: bins.ffprobe, tmpDir: dir });
  engine = await detectDebianEngine();
  if (!skip && (!engine || engine.recognises.length === 0 || engine.pairs.length === 0)) {
    skip = `the Debian engines are not installed (found: ${engine?.name ?? 'none'})`;
  }
});

after(async () => {
  await speech.close();
  await cleanup();
});

test('the Debian engines are found: PocketSphinx for English speech, Apertium for the pairs installed', (t) => {
  if (skip) return t.skip(skip);
  const e = engine!;
  assert.match(e.name, /^debian \(pocketsphinx, apertium\)$/);
  assert.deepEqual(e.recognises, ['en']);
  for (const [from, to] of [
    ['en', 'es'],
    ['es', 'en'],
    ['es', 'fr'],
    ['fr', 'es'],
  ]) {
    assert.ok(
      e.pairs.some((p) => p.from === from && p.to === to),
      `${from}-${to} in ${JSON.stringify(e.pairs)}`,
    );
  }
  const catalog = new TranslationCatalog([e]);
  assert.deepEqual(catalog.targets(), ['es', 'fr']);
  assert.deepEqual(catalog.route('fr'), { from: 'en', to: 'fr', via: 'es' });
});

test('Apertium translates line for line, directly into Spanish and through Spanish into French', async (t) => {
  if (skip) return t.skip(skip);
  const catalog = new TranslationCatalog([engine!]);
  const lines = [
    'Hello, my name is John.',
    'The weather is nice today and I want to go to the beach.',
    'Thank you very much.',
  ];
  const es = await catalog.translate(lines, catalog.route('es')!);
  t.diagnostic(`es: ${JSON.stringify(es)}`);
  assert.equal(es.length, 3);
  assert.match(es[0]!, /^Hola, mi nombre es John\.$/);
  assert.match(es[1]!, /playa/);
  assert.match(es[2]!, /gracias/i);
  const fr = await catalog.translate(lines, catalog.route('fr')!);
  t.diagnostic(`fr: ${JSON.stringify(fr)}`);
  assert.equal(fr.length, 3);
  assert.match(fr[1]!, /plage/);
  assert.match(fr[2]!, /merci/i);
  assert.deepEqual(await catalog.translate([], catalog.route('es')!), []);
});

/** Recognises a file (any format ffmpeg reads) after converting it as the pipeline does. */
async function recognise(file: string) {
  const wav = path.join(dir, `${path.basename(file)}.16k.wav`);
  await runMediaBinary(bins.ffmpeg, monoWavArgs(file, wav));
  return engine!.recognise(wav, 'en');
}

test('PocketSphinx on recorded speech: the word error rate of five LibriVox readings, with word times', async (t) => {
  if (skip) return t.skip(skip);
  const lines = (await readFile(path.join(LIBRIVOX, 'transcription'), 'utf8')).trim().split('\n');
  let errors = 0;
  let said = 0;
  for (const line of lines) {
    const m = /^<s> (.*) <\/s> \((.*)\)$/.exec(line);
    assert.ok(m, line);
    const words = await recognise(path.join(LIBRIVOX, `${m[2]}.wav`));
    const heard = words.map((w) => w.text).join(' ');
    const wer = wordErrorRate(m[1]!, heard);
    errors += wer * wordsOf(m[1]!).length;
    said += wordsOf(m[1]!).length;
    t.diagnostic(`${m[2]}: WER ${(wer * 100).toFixed(0)} % ("${heard}")`);
    for (let i = 0; i < words.length; i++) {
      const w = words[i]!;
      assert.ok(w.endSec > w.startSec && w.startSec >= (words[i - 1]?.endSec ?? 0), JSON.stringify(w));
    }
  }
  const wer = errors / said;
  t.diagnostic(`recorded speech: WER ${(wer * 100).toFixed(1)} % over ${said} words`);
  assert.ok(wer <= WER_RECORDED, `WER ${wer}`);
});

test('PocketSphinx on English that eSpeak speaks: the word error rate is reported', async (t) => {
  if (skip) return t.skip(skip);
  const text =
    'Good morning everyone. Today we will talk about the weather in the city. ' +
    'It was very cold last week, but now the sun is shining again.';
  const wav = path.join(dir, 'espeak.wav');
  const made = await speech.synthesize(
    text,
    { language: 'en', profile: null, rate: 1, volume: 1, pitch: 1 },
    wav,
  );
  const words = await recognise(wav);
  const wer = wordErrorRate(text, words.map((w) => w.text).join(' '));
  t.diagnostic(
    `eSpeak speech (${made.durationSec.toFixed(1)} s): WER ${(wer * 100).toFixed(0)} % ` +
      `("${words.map((w) => w.text).join(' ')}")`,
  );
  assert.ok(words.length >= 10, `${words.length} words`);
  assert.ok(words.at(-1)!.endSec <= made.durationSec + 0.05);
  assert.ok(wer <= WER_ESPEAK, `WER ${wer}`);
});

/** LibriVox readings joined with pauses into one sound file, with what was said. */
async function recordedSpeech(
  names: readonly string[],
  pauseSec: number,
): Promise<{ file: string; sec: number }> {
  const file = path.join(dir, 'readings.wav');
  const inputs = names.flatMap((n) => ['-i', path.join(LIBRIVOX, `${n}.wav`)]);
  const pads = names.map((_, i) => `[${i}:a]apad=pad_len=${Math.round(pauseSec * 16000)}[a${i}]`).join(';');
  const joined = names.map((_, i) => `[a${i}]`).join('');
  await runMediaBinary(bins.ffmpeg, [
    ...['-hide_banner', '-v', 'error', '-y', ...inputs],
    ...['-filter_complex', `${pads};${joined}concat=n=${names.length}:v=0:a=1[out]`, '-map', '[out]'],
    ...['-ar', '22050', '-ac', '1', file],
  ]);
  const info = parseWav(await readFile(file));
  return { file, sec: info.durationSec };
}

test('a recorded English reading translated into Spanish: sentences at their places, as long as the source', async (t) => {
  if (skip) return t.skip(skip);
  const { file, sec } = await recordedSpeech(
    ['sense_and_sensibility_01_austen_64kb-0880', 'sense_and_sensibility_01_austen_64kb-0920'],
    1.2,
  );
  const work = path.join(dir, 'to-es');
  await mkdir(work);
  const r = await translateSpeech(
    { bins, speech, catalog: new TranslationCatalog([engine!]) },
    { sourcePath: file, durationSec: sec, target: 'es', profile: null, workDir: work },
  );
  for (const s of r.sentences) {
    t.diagnostic(
      `${s.sourceStartSec.toFixed(2)}-${s.sourceEndSec.toFixed(2)} s "${s.source}" → ` +
        `${s.startSec.toFixed(2)}-${s.endSec.toFixed(2)} s "${s.text}" (rate ${s.rate.toFixed(2)}, tempo ${s.tempo.toFixed(2)})`,
    );
  }
  assert.equal(r.from, 'en');
  assert.equal(r.to, 'es');
  assert.equal(r.sentences.length, 2, 'one sentence per reading, split at the pause');
  assert.match(r.sentences[1]!.text, /\b(mujer|hombre|había|más)\b/i);
  assert.ok(Math.abs(r.durationSec - sec) < 0.001, `${r.durationSec} against ${sec}`);
  for (const s of r.sentences) {
    assert.ok(s.startSec >= s.sourceStartSec - 1e-9 && s.endSec <= sec + 1e-6, JSON.stringify(s));
  }
  // The new voice is there where the sentences were laid: louder than the bed between them.
  const samples = wavSamples(await readFile(r.path), parseWav(await readFile(r.path)));
  const rms = (a: number, b: number) => {
    const from = Math.floor(a * 22050);
    const to = Math.floor(b * 22050);
    let sum = 0;
    for (let i = from; i < to; i++) sum += samples[i]! ** 2;
    return Math.sqrt(sum / Math.max(1, to - from));
  };
  const s0 = r.sentences[0]!;
  const speechRms = rms(s0.startSec, s0.endSec);
  const gapRms = rms(s0.endSec + 0.3, r.sentences[1]!.startSec - 0.1);
  t.diagnostic(`speech RMS ${speechRms.toFixed(0)}, between sentences ${gapRms.toFixed(0)}`);
  assert.ok(speechRms > 10 * Math.max(gapRms, 1), `${speechRms} against ${gapRms}`);
  // A mono source has no stereo side: its sound is ducked under the new voice.
  assert.match(r.background, /^no stereo background to keep/);
});

/** Power of the `hz` component of `samples` over [fromSec, toSec) (Goertzel). */
function tonePower(samples: Int16Array, rate: number, hz: number, fromSec: number, toSec: number): number {
  const from = Math.floor(fromSec * rate);
  const to = Math.floor(toSec * rate);
  const k = 2 * Math.cos((2 * Math.PI * hz) / rate);
  let s1 = 0;
  let s2 = 0;
  for (let i = from; i < to; i++) {
    const s0 = samples[i]! + k * s1 - s2;
    s2 = s1;
    s1 = s0;
  }
  return (s1 * s1 + s2 * s2 - k * s1 * s2) / (to - from) ** 2;
}

test('music spread in stereo under a centred voice goes on under the translation at its level', async (t) => {
  if (skip) return t.skip(skip);
  const { file: voice, sec } = await recordedSpeech(
    ['sense_and_sensibility_01_austen_64kb-0880', 'sense_and_sensibility_01_austen_64kb-0920'],
    1.2,
  );
  // The reading in both channels (centred), a 70 Hz tone on the left and a 50 Hz one on the right (below the voices' pitch).
  const file = path.join(dir, 'stereo-music.wav');
  await runMediaBinary(bins.ffmpeg, [
    ...['-hide_banner', '-v', 'error', '-y', '-i', voice],
    ...['-f', 'lavfi', '-i', `sine=f=70:r=22050:d=${sec}`, '-f', 'lavfi', '-i', `sine=f=50:r=22050:d=${sec}`],
    ...[
      '-filter_complex',
      '[0]pan=stereo|c0=c0|c1=c0[v];[1][2]join=inputs=2:channel_layout=stereo,volume=0.5[m];' +
        '[v][m]amerge=inputs=2,pan=stereo|c0=c0+c2|c1=c1+c3[out]',
    ],
    ...['-map', '[out]', '-ar', '22050', file],
  ]);
  const work = path.join(dir, 'stereo-to-es');
  await mkdir(work);
  const r = await translateSpeech(
    { bins, speech, catalog: new TranslationCatalog([engine!]) },
    { sourcePath: file, durationSec: sec, target: 'es', profile: null, workDir: work },
  );
  t.diagnostic(r.background);
  assert.match(r.background, /^background kept from the stereo side/);
  const samples = wavSamples(await readFile(r.path), parseWav(await readFile(r.path)));
  // The left tone under the first original sentence against between the sentences: ducked it would
  // be a fifth (−14 dB); kept, about the same.
  const [s0, s1] = r.sentences as [TranslatedSentence, TranslatedSentence];
  const under = tonePower(samples, 22050, 70, s0.sourceStartSec + 0.2, s0.sourceEndSec - 0.2);
  const between = tonePower(samples, 22050, 70, s0.sourceEndSec + 0.3, s1.sourceStartSec - 0.2);
  const ratio = Math.sqrt(under / between);
  t.diagnostic(`70 Hz under the original speech: ${ratio.toFixed(2)} of its level between sentences`);
  assert.ok(ratio > 0.7 && ratio < 1.5, `ratio ${ratio}`);
});

test('what cannot be translated says why: no sound, no speech, another language, an unsupported target', async (t) => {
  if (skip) return t.skip(skip);
  const catalog = new TranslationCatalog([engine!]);
  const attempt = async (sourcePath: string, target = 'es') => {
    const work = await mkdtemp(path.join(dir, 'fail-'));
    return translateSpeech(
      { bins, speech, catalog },
      { sourcePath, durationSec: 3, target, profile: null, workDir: work },
    ).then(
      () => null,
      (e: unknown) => (e instanceof TranslationInputError ? `${e.reason}: ${e.message}` : String(e)),
    );
  };
  const silentVideo = path.join(dir, 'silent.mp4');
  await runMediaBinary(bins.ffmpeg, [
    ...['-hide_banner', '-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=s=320x240:d=3'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', silentVideo],
  ]);
  assert.equal(await attempt(silentVideo), 'no-speech: the video has no sound to translate');
  const noise = path.join(dir, 'noise.wav');
  await runMediaBinary(bins.ffmpeg, [
    ...['-hide_banner', '-v', 'error', '-y', '-f', 'lavfi', '-i', 'anoisesrc=d=3:c=pink:a=0.1:seed=7', noise],
  ]);
  assert.equal(await attempt(noise), 'no-speech: no speech was found in the video');
  // Japanese: a language the confidence check catches (eSpeak's 0.14-0.17, a real recording's
  // 0.18). German, Mandarin and Korean it does not (decision T13), so they cannot stand for it here.
  const japanese = path.join(dir, 'japanese.wav');
  await speech.synthesize(
    'おはようございます。今日は町の天気について話しましょう。先週はとても寒かったです。',
    { language: 'jp', profile: null, rate: 1, volume: 1, pitch: 1 },
    japanese,
  );
  assert.match(
    (await attempt(japanese)) ?? '',
    /^other-language: the speech was not recognised as en \(English\)/,
  );
  assert.match(
    (await attempt(japanese, 'ja')) ?? '',
    /^unsupported: this server does not translate into ja; it translates into es, fr/,
  );
});
