import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { createSpeechEngine, type SpeechEngine } from '../../src/media/speech/index.js';
import { runMediaBinary } from '../../src/media/run-ffmpeg.js';
import { checkPackLoads, detectPackEngine } from '../../src/media/translate/pack-engine.js';
import { runPackRunner, VAD_MODEL } from '../../src/media/translate/pack-recogniser.js';
import { verifyPack, type VerifiedPack } from '../../src/media/translate/packs.js';
import { bins, makeTempDir } from './compose-fixtures.js';

/**
 * The model-pack runtime on what can run here: sherpa-onnx with the Silero VAD model kept with
 * likeness cuts real speech into its stretches, in a child process; a pack whose model sherpa-onnx
 * or Bergamot cannot load is refused with the runtime's reason while the service's process goes on
 * (sherpa-onnx aborts the process it loads a bad model in). Recognition and translation themselves
 * need a pack's weights, which no package this project can install ships: not tested here
 * (README, video translation).
 */

let speech: SpeechEngine;
let dir = '';
let cleanup: () => Promise<void>;

before(async () => {
  ({ dir, cleanup } = await makeTempDir('likeness-packs-media-'));
  speech = createSpeechEngine({ ffmpeg: bins.ffmpeg, ffprobe: bins.ffprobe, tmpDir: dir });
});
after(() => cleanup());

const sha = async (file: string) =>
  createHash('sha256')
    .update(await readFile(file))
    .digest('hex');

/** A pack folder whose files are written as given, with a manifest that matches them. */
async function makePack(name: string, manifest: Record<string, unknown>, files: Record<string, string>) {
  const root = path.join(dir, 'packs');
  const at = path.join(root, name);
  await mkdir(at, { recursive: true });
  const listed = [];
  for (const [file, content] of Object.entries(files)) {
    await writeFile(path.join(at, file), content);
    listed.push({ path: file, sha256: await sha(path.join(at, file)) });
  }
  await writeFile(path.join(at, 'manifest.json'), JSON.stringify({ ...manifest, files: listed }));
  return { root, at };
}

const whisperManifest = {
  name: 'whisper-tiny-en',
  kind: 'speech-recognition',
  engine: 'sherpa-onnx',
  languages: ['en'],
  licence: 'MIT',
  model: { type: 'whisper', encoder: 'encoder.onnx', decoder: 'decoder.onnx', tokens: 'tokens.txt' },
};

/** A recognition pack whose files match their SHA-256 but hold no model. */
const notAModel = () =>
  makePack('not-a-model', whisperManifest, {
    'encoder.onnx': 'not an ONNX model',
    'decoder.onnx': 'nor this',
    'tokens.txt': 'a 0\nb 1\n',
  });

test('Silero VAD through sherpa-onnx cuts two spoken sentences apart, with their times', async () => {
  const a = path.join(dir, 'a.wav');
  const b = path.join(dir, 'b.wav');
  const voice = { language: 'en', profile: null, rate: 1, volume: 1, pitch: 1 } as const;
  const first = await speech.synthesize('Good morning, and welcome to the studio.', voice, a);
  await speech.synthesize('Tomorrow the weather will be warm and sunny.', voice, b);
  const joined = path.join(dir, 'joined.wav');
  await runMediaBinary(bins.ffmpeg, [
    ...['-v', 'error', '-y', '-i', a, '-i', b],
    ...[
      '-filter_complex',
      '[0]aresample=16000,apad=pad_len=24000[x];[1]aresample=16000[y];[x][y]concat=n=2:v=0:a=1',
    ],
    ...['-ac', '1', '-ar', '16000', '-c:a', 'pcm_s16le', joined],
  ]);
  const { segments } = await runPackRunner({ vadModel: VAD_MODEL, wav: joined, model: null, language: 'en' });
  assert.equal(segments.length, 2, JSON.stringify(segments));
  const [s1, s2] = segments as [(typeof segments)[0], (typeof segments)[0]];
  // The first sentence from (near) the start to its end; the second after the 1.5 s pause.
  assert.ok(s1.startSec < 0.4, JSON.stringify(s1));
  assert.ok(Math.abs(s1.endSec - first.durationSec) < 0.45, `${s1.endSec} vs ${first.durationSec}`);
  assert.ok(Math.abs(s2.startSec - (first.durationSec + 1.5)) < 0.45, JSON.stringify(s2));
  assert.equal(s1.text, '');
});

test('a pack whose model sherpa-onnx cannot load is refused with its reason; the service goes on', async () => {
  const { at } = await notAModel();
  const pack = (await verifyPack(at)) as VerifiedPack;
  assert.ok('manifest' in pack, JSON.stringify(pack));
  const why = await checkPackLoads(pack);
  assert.match(
    why ?? '',
    /^the model does not load in sherpa-onnx: Load model from .*encoder\.onnx failed.*\(stopped by SIGABRT\)$/,
  );
  // checkPackLoads returned at all: the abort was the child's (loaded in-process, this test's
  // process would have died with it).
});

test('packs found on start: each model loaded in its runtime, refused with the runtime’s reason', async () => {
  const { root } = await makePack(
    'bergamot-en-de',
    {
      name: 'bergamot-en-de',
      kind: 'translation',
      engine: 'bergamot',
      from: 'en',
      to: 'de',
      licence: 'CC-BY-SA-4.0',
      model: { type: 'bergamot', model: 'model.bin', shortlist: 'lex.bin', vocabs: ['vocab.spm'] },
    },
    { 'model.bin': 'weights', 'lex.bin': 'shortlist', 'vocab.spm': 'vocabulary' },
  );
  await notAModel();
  const found = await detectPackEngine(root);
  assert.equal(found.engine, null);
  assert.deepEqual(found.loaded, []);
  const reasons = Object.fromEntries(found.refused.map((r) => [path.basename(r.dir), r.reason]));
  assert.deepEqual(Object.keys(reasons).sort(), ['bergamot-en-de', 'not-a-model']);
  // Marian's own words, from Bergamot's WebAssembly in a worker thread.
  assert.match(
    reasons['bergamot-en-de']!,
    /^the model does not load in Bergamot: SentencePiece vocabulary error/,
  );
  assert.match(reasons['not-a-model']!, /^the model does not load in sherpa-onnx: Load model from/);
});
