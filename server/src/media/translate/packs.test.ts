import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { loadModelPacks, parseManifest } from './packs.js';

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

const asr = (over: Record<string, unknown> = {}) => ({
  name: 'whisper-tiny-en',
  kind: 'speech-recognition',
  engine: 'sherpa-onnx',
  languages: ['en'],
  licence: 'MIT',
  files: [
    { path: 'tiny-encoder.onnx', sha256: sha('encoder') },
    { path: 'tiny-decoder.onnx', sha256: sha('decoder') },
    { path: 'tokens.txt', sha256: sha('tokens') },
  ],
  model: {
    type: 'whisper',
    encoder: 'tiny-encoder.onnx',
    decoder: 'tiny-decoder.onnx',
    tokens: 'tokens.txt',
  },
  ...over,
});

test('a manifest is read as typed, language codes mapped to the API’s', () => {
  const m = parseManifest(asr({ languages: ['eng'] }));
  assert.ok(typeof m !== 'string');
  assert.deepEqual(m.languages, ['en']);
  assert.deepEqual(m.model, {
    type: 'whisper',
    encoder: 'tiny-encoder.onnx',
    decoder: 'tiny-decoder.onnx',
    tokens: 'tokens.txt',
  });
  const mt = parseManifest({
    name: 'bergamot-en-de',
    kind: 'translation',
    engine: 'bergamot',
    from: 'en',
    to: 'de',
    licence: 'CC-BY-SA-4.0',
    files: [
      { path: 'model/./enDe.bin', sha256: sha('x').toUpperCase() },
      { path: 'lex.bin', sha256: sha('l') },
      { path: 'vocab.spm', sha256: sha('v') },
    ],
    model: { type: 'bergamot', model: 'model/enDe.bin', shortlist: 'lex.bin', vocabs: ['vocab.spm'] },
  });
  assert.ok(typeof mt !== 'string');
  assert.deepEqual(
    [mt.from, mt.to, mt.files[0]!.path, mt.files[0]!.sha256],
    ['en', 'de', 'model/enDe.bin', sha('x')],
  );
  assert.deepEqual(mt.translator, {
    type: 'bergamot',
    model: 'model/enDe.bin',
    shortlist: 'lex.bin',
    vocabs: ['vocab.spm'],
  });
});

test('a manifest that cannot be trusted is refused, saying why', () => {
  const why = (v: unknown) => parseManifest(v) as string;
  assert.equal(why([]), 'the manifest is not a JSON object');
  assert.equal(why(asr({ name: ' ' })), 'the manifest has no name');
  assert.match(why(asr({ kind: 'tts' })), /^kind must be speech-recognition or translation/);
  assert.equal(
    why(asr({ engine: 'bergamot' })),
    'a speech-recognition pack runs on sherpa-onnx, got "bergamot"',
  );
  assert.match(why(asr({ licence: undefined })), /names no licence/);
  assert.match(why(asr({ languages: ['klingon'] })), /languages must list language codes/);
  assert.match(why(asr({ files: [] })), /lists no files/);
  assert.match(
    why(asr({ model: undefined })),
    /^model must name the model's type \(whisper or sense-voice\)/,
  );
  assert.equal(why(asr({ model: { type: 'ctc' } })), 'model.type must be whisper or sense-voice, got "ctc"');
  assert.equal(
    why(asr({ model: { type: 'sense-voice', model: 'model.onnx', tokens: 'tokens.txt' } })),
    'model.model: model.onnx is not among the files listed with their sha256',
  );
  assert.equal(
    why(asr({ model: { type: 'whisper', encoder: 'tiny-encoder.onnx', tokens: 'tokens.txt' } })),
    "model.decoder must name one of the pack's files",
  );
  assert.equal(
    why(asr({ files: [{ path: '../../etc/passwd', sha256: sha('x') }] })),
    "../../etc/passwd: a file must lie inside the pack's folder",
  );
  assert.match(why(asr({ files: [{ path: '/abs.onnx', sha256: sha('x') }] })), /inside the pack's folder/);
  assert.equal(
    why(asr({ files: [{ path: 'a.onnx', sha256: 'abc' }] })),
    'a.onnx: sha256 must be 64 hex digits',
  );
  assert.match(
    why({
      name: 'x',
      kind: 'translation',
      engine: 'bergamot',
      from: 'en',
      to: 'en',
      licence: 'MIT',
      files: [],
    }),
    /two different language codes/,
  );
  const mt = (model: unknown) =>
    why({
      name: 'x',
      kind: 'translation',
      engine: 'bergamot',
      from: 'en',
      to: 'es',
      licence: 'MIT',
      files: [
        { path: 'm.bin', sha256: sha('m') },
        { path: 'v.spm', sha256: sha('v') },
      ],
      model,
    });
  assert.match(mt(undefined), /^model must be \{"type": "bergamot"/);
  assert.equal(
    mt({ type: 'bergamot', model: 'm.bin', shortlist: 'lex.bin', vocabs: ['v.spm'] }),
    'model.shortlist: lex.bin is not among the files listed with their sha256',
  );
  assert.equal(
    mt({ type: 'bergamot', model: 'm.bin', shortlist: 'v.spm', vocabs: [] }),
    'model.vocabs must list one shared vocabulary or two (source, target)',
  );
  assert.match(
    mt({ type: 'bergamot', model: 'm.bin', shortlist: 'v.spm', vocabs: ['v.spm'], precision: 'x; rm' }),
    /precision must be a Marian gemm-precision/,
  );
});

let root = '';
before(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'likeness-packs-'));
  const pack = async (name: string, manifest: unknown, files: Record<string, string> = {}) => {
    await mkdir(path.join(root, name), { recursive: true });
    if (manifest !== undefined) {
      const text = typeof manifest === 'string' ? manifest : JSON.stringify(manifest);
      await writeFile(path.join(root, name, 'manifest.json'), text);
    }
    for (const [f, content] of Object.entries(files)) await writeFile(path.join(root, name, f), content);
  };
  const rest = { 'tiny-decoder.onnx': 'decoder', 'tokens.txt': 'tokens' };
  await pack('good', asr(), { 'tiny-encoder.onnx': 'encoder', ...rest });
  await pack('altered', asr(), { 'tiny-encoder.onnx': 'encoder, altered', ...rest });
  await pack('incomplete', asr());
  await pack('bare', undefined);
  await pack('garbled', '{ "name": ');
  await writeFile(path.join(root, 'README.txt'), 'not a pack');
});
after(() => rm(root, { recursive: true, force: true }));

test('packs on disk: verified by their files’ SHA-256, or refused with the reason', async () => {
  const { verified, refused } = await loadModelPacks(root);
  assert.deepEqual(
    verified.map((p) => [path.basename(p.dir), p.manifest.name]),
    [['good', 'whisper-tiny-en']],
  );
  const reasons = Object.fromEntries(refused.map((r) => [path.basename(r.dir), r.reason]));
  assert.deepEqual(Object.keys(reasons).sort(), ['altered', 'bare', 'garbled', 'incomplete']);
  assert.match(
    reasons.altered!,
    /^tiny-encoder\.onnx does not match its sha256 \(the file is [0-9a-f]{64}\)$/,
  );
  assert.equal(reasons.incomplete, 'tiny-encoder.onnx is missing');
  assert.equal(reasons.bare, 'no manifest.json');
  assert.match(reasons.garbled!, /^manifest\.json is not JSON/);
  assert.deepEqual(await loadModelPacks(path.join(root, 'nowhere')), { verified: [], refused: [] });
});
