import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { analyseSpeechSamples } from '../../src/media/speech/analysis.js';
import { int16ToFloat } from '../../src/media/speech/dsp.js';
import { buildSsml } from '../../src/media/speech/ssml.js';
import { resolveMediaBinaries } from '../../src/media/binaries.js';
import { measureSpeechFile } from '../../src/media/speech/measure.js';
import { encodeWav } from '../../src/media/speech/wav.js';
import { SpeechWorkerClient, workerEntry } from '../../src/media/speech/worker-client.js';

const req = (text: string, voice = 'cmn') => ({
  ssml: buildSsml(text, 'zh').ssml,
  voice,
  rateWpm: 175,
  pitch: 50,
  range: 50,
  measureSec: 0,
});

test('the worker entry is the .ts source under tsx and the .js file once compiled', async () => {
  const src = workerEntry(new URL('../../src/media/speech/worker-client.ts', import.meta.url).href);
  assert.equal(src.eval, true);
  assert.match(String(src.script), /register\(\).*speech-worker\.ts/);
  // Compiled: a speech-worker.js sits next to the client and is started directly.
  const dir = await mkdtemp(path.join(os.tmpdir(), 'likeness-worker-entry-'));
  try {
    await writeFile(path.join(dir, 'speech-worker.js'), '');
    const dist = workerEntry(pathToFileURL(path.join(dir, 'worker-client.js')).href);
    assert.equal(dist.eval, false);
    assert.equal(String(dist.script), pathToFileURL(path.join(dir, 'speech-worker.js')).href);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('a failing request does not take the worker down; analysis runs there too', async () => {
  const client = new SpeechWorkerClient();
  try {
    await assert.rejects(client.synthesize(req('你好', 'no-such-voice')), /no voice "no-such-voice"/);
    const out = await client.synthesize({
      ...req('你好，今天天气很好，我们一起去公园散步吧。'),
      measureSec: 60,
    });
    assert.equal(out.sampleRate, 22050);
    assert.ok(out.samples.length > out.sampleRate);
    assert.ok(out.events.some((e) => e.type === 'mark'));
    // The worker's measurement equals the same analysis on this thread (synthesis skips formants).
    const here = analyseSpeechSamples(int16ToFloat(out.samples), out.sampleRate);
    assert.deepEqual(out.stats, { ...here, f1Hz: NaN, f2Hz: NaN, f3Hz: NaN });
    assert.ok(here.f1Hz > 200 && here.f2Hz > here.f1Hz && here.f3Hz > here.f2Hz, JSON.stringify(here));
    // A voice sample is decoded and analysed there as on this thread; one ffmpeg cannot read is null.
    const dir = await mkdtemp(path.join(os.tmpdir(), 'likeness-worker-file-'));
    try {
      const wav = path.join(dir, 'sample.wav');
      await writeFile(wav, encodeWav(out.samples, out.sampleRate));
      const { ffmpeg } = resolveMediaBinaries();
      const there = await client.analyseFile({ ffmpeg, input: wav, maxSec: 60 });
      assert.deepEqual(there, await measureSpeechFile(ffmpeg, wav, { maxSec: 60 }));
      await writeFile(path.join(dir, 'junk.wav'), 'not audio');
      assert.equal(await client.analyseFile({ ffmpeg, input: path.join(dir, 'junk.wav'), maxSec: 60 }), null);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  } finally {
    await client.close();
  }
});

test('aborting a running request rejects it at once; the worker goes on', async () => {
  const client = new SpeechWorkerClient();
  try {
    await client.synthesize(req('热身'));
    const ac = new AbortController();
    const long = client.synthesize(req('这是一段很长的文字。'.repeat(60)), ac.signal);
    setTimeout(() => ac.abort(new Error('user cancelled')), 5);
    await assert.rejects(long, /user cancelled/);
    const next = await client.synthesize(req('好'));
    assert.ok(next.samples.length > 0);
  } finally {
    await client.close();
  }
});

test('close() fails what is still queued', async () => {
  const client = new SpeechWorkerClient();
  const pending = assert.rejects(client.synthesize(req('你好')), /closed/);
  await client.close();
  await pending;
  await assert.rejects(client.synthesize(req('你好')), /closed/);
});

test('one request gives one sound, whatever the worker synthesized before it', async () => {
  const client = new SpeechWorkerClient();
  try {
    const en = {
      ...req('Hello there. This should sound the same every time.', 'en-us'),
      ssml: 'Hello there. This should sound the same every time.',
    };
    const first = await client.synthesize(en);
    // Other voices, a variant and a long text in between: each leaves state inside eSpeak.
    await client.synthesize({ ...en, voice: 'en-us+f2' });
    await client.synthesize({
      ...req('Guten Tag, wie geht es Ihnen heute?', 'de'),
      ssml: 'Guten Tag, wie geht es Ihnen heute?',
    });
    await client.synthesize(req('这是一段很长的文字。'.repeat(20)));
    const again = await client.synthesize(en);
    assert.equal(again.samples.length, first.samples.length);
    assert.deepEqual(again.samples, first.samples);
    assert.deepEqual(again.events, first.events);
    // A second worker (a restarted process) gives the same sound too.
    const other = new SpeechWorkerClient();
    try {
      assert.deepEqual((await other.synthesize(en)).samples, first.samples);
    } finally {
      await other.close();
    }
  } finally {
    await client.close();
  }
});
