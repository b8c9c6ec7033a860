import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { SPEECH_LANGUAGES } from '../../src/media/speech/index.js';
import { SpeechWorkerClient } from '../../src/media/speech/worker-client.js';
import { bins } from '../helpers/media-fixtures.js';
import { downloadCatalogue, fetchCatalogue } from '../helpers/catalogue.js';
import { download } from '../helpers/probe.js';
import { cli } from '../helpers/process.js';
import { api, createAccount, startServer, upload, waitTask, type TestServer } from '../helpers/server.js';
import { recordSpeaker, tiltFilter, type Speaker } from '../media/speech-speakers.js';

const TEXT_A =
  'My name is Sarah and I work as a teacher in a small town. Every morning I walk to school with my dog. The children are lovely, and we read many books together.';
const TEXT_B =
  'Yesterday the weather was terrible, so we stayed at home and watched old films. Then my brother called to say that his flight had been delayed again, for the third time.';

/** The voice the operator protects, and someone else. */
const FAMOUS: Speaker = {
  name: 'famous',
  language: 'en',
  espeakVoice: 'en-us+f4',
  wpm: 160,
  filter: `${tiltFilter(2)},volume=0.6`,
};
const OTHER: Speaker = {
  name: 'other',
  language: 'en',
  espeakVoice: 'en-us+m7',
  wpm: 185,
  filter: 'asetrate=20286,aresample=22050,volume=0.9',
};

describe('voices: protected voiceprints (1011), edits, public catalogue', () => {
  let server: TestServer;
  let token: string;
  let dir: string;
  let env: Record<string, string>;
  const files: Record<string, string> = {};
  /** A voice cloned by the first test, edited by the second. */
  let ownVoice = '';

  before(async () => {
    server = await startServer();
    token = (await createAccount(server, { plan: 'pro', credits: 1000 })).token;
    dir = await mkdtemp(join(tmpdir(), 'likeness-voices-'));
    env = { LIKENESS_DATA_DIR: server.dataDir, LIKENESS_DEMO_ACCOUNT: 'off' };
    const espeak = new SpeechWorkerClient();
    try {
      // The protected recording and a later upload by the same speaker say different things.
      files.famousA = await recordSpeaker(espeak, bins.ffmpeg, FAMOUS, TEXT_A, dir, 'famous-a.wav');
      files.famousB = await recordSpeaker(espeak, bins.ffmpeg, FAMOUS, TEXT_B, dir, 'famous-b.mp3');
      files.other = await recordSpeaker(espeak, bins.ffmpeg, OTHER, TEXT_B, dir, 'other.mp3');
    } finally {
      await espeak.close();
    }
  });
  after(async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });

  const clone = async (file: string, title: string) => {
    const fileId = await upload(server, token, file.endsWith('.mp3') ? 'mp3' : 'wav', await readFile(file));
    const r = await api(server, 'POST', '/api/v2/svc/voice/create', {
      token,
      body: { title, voice_type: 8, file_id: fileId, languages: 'en' },
    });
    assert.equal(r.body.code, 0, JSON.stringify(r.body));
    return waitTask(server, token, '/api/v2/svc/voice/task', r.body.task_id);
  };

  test('a protected voice cannot be cloned (1011) until the operator removes it', async () => {
    const added = await cli(
      ['voiceprints', 'add', files.famousA!, '--name', 'A Famous Presenter', '--json'],
      env,
    );
    assert.equal(added.code, 0, added.stderr);
    const vp = JSON.parse(added.stdout) as { id: string; name: string; source: string };
    assert.match(vp.id, /^vp_/);
    assert.equal(vp.source, 'famous-a.wav');
    const listed = await cli(['voiceprints', 'list', '--json'], env);
    const prints = JSON.parse(listed.stdout) as { id: string; name: string; voiceprint: { f3Hz: number } }[];
    assert.deepEqual(
      prints.map((p) => [p.id, p.name]),
      [[vp.id, 'A Famous Presenter']],
    );
    assert.ok(prints[0]!.voiceprint.f3Hz > 2000);

    // Another recording of the protected speaker, re-encoded as MP3, at another level.
    const refused = await clone(files.famousB!, 'imitation');
    assert.equal(refused.status, 4, JSON.stringify(refused));
    assert.equal(refused.fail_code, 1011);
    assert.match(refused.fail_reason, /protected voice/);
    assert.equal(refused.voice, '');
    // Someone else's voice is cloned as usual.
    const ok = await clone(files.other!, 'my own voice');
    assert.equal(ok.status, 3, JSON.stringify(ok));
    ownVoice = ok.voice;

    // A recording that is not speech cannot be protected.
    const silence = join(dir, 'silence.wav');
    await import('../../src/media/run-ffmpeg.js').then(({ runMediaBinary }) =>
      runMediaBinary(bins.ffmpeg, [
        '-v',
        'error',
        '-f',
        'lavfi',
        '-i',
        'anullsrc=r=16000:cl=mono',
        '-t',
        '6',
        silence,
      ]),
    );
    const bad = await cli(['voiceprints', 'add', silence, '--name', 'nobody'], env);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /no speech/);

    const removed = await cli(['voiceprints', 'remove', vp.id, '--json'], env);
    assert.equal(removed.code, 0, removed.stderr);
    assert.deepEqual(JSON.parse(removed.stdout), { id: vp.id, removed: true });
    const now = await clone(files.famousB!, 'allowed now');
    assert.equal(now.status, 3, JSON.stringify(now));
  });

  test('voice/edit: the edges of each range are stored, listed and heard', async () => {
    const made = { voice: ownVoice };
    const say = async () => {
      const t = await api(server, 'POST', '/api/v2/svc/audio/create_by_tts', {
        token,
        body: { voice: made.voice, text: 'This is a short sentence to hear the voice. It has two parts.' },
      });
      assert.equal(t.body.code, 0, JSON.stringify(t.body));
      const d = await waitTask(server, token, '/api/v2/svc/video/task', t.body.task_id);
      return download(d.video_Url, dir, `say-${t.body.task_id}.mp3`);
    };
    const before = await say();
    const edit = await api(server, 'POST', '/api/v2/svc/voice/edit', {
      token,
      body: { voice: made.voice, rate: '2.0', volume: '0.1', pitch: '2' },
    });
    assert.equal(edit.body.code, 0, JSON.stringify(edit.body));
    const list = (await api(server, 'GET', '/api/v2/svc/voice/list', { token })).body.data;
    const item = list.find((v: { voice: string }) => v.voice === made.voice);
    assert.deepEqual(
      { rate: item.rate, volume: item.volume, pitch: item.pitch },
      { rate: '2.0', volume: '0.1', pitch: '2.0' },
    );
    const afterEdit = await say();
    // The MP3 adds a few ms of encoder delay to both; the speech itself is exactly twice as fast.
    const ratio = before.info.durationSec / afterEdit.info.durationSec;
    assert.ok(
      Math.abs(ratio - 2) < 0.1,
      `rate 2.0: ${before.info.durationSec} → ${afterEdit.info.durationSec}`,
    );
    for (const [field, value] of [
      ['rate', '2.1'],
      ['volume', '0.05'],
      ['pitch', '2.5'],
    ] as const) {
      const bad = await api(server, 'POST', '/api/v2/svc/voice/edit', {
        token,
        body: { voice: made.voice, rate: '1.0', volume: '1.0', pitch: '1.0', [field]: value },
      });
      assert.equal(bad.body.code, 11, `${field} ${value}`);
    }
  });

  test('public voices: two or more per language, each with a demo', async () => {
    const pub = (await api(server, 'GET', '/api/v2/svc/voice/list', { token, query: { kind: 2, size: 300 } }))
      .body.data as { voice: string; type: number }[];
    assert.ok(pub.every((v) => v.type === 10));
    for (const lang of SPEECH_LANGUAGES) {
      const n = pub.filter((v) => v.voice.startsWith(`pub-${lang}-`)).length;
      assert.ok(n >= 2, `${lang}: ${n} public voices`);
    }
    // A demo not rendered yet is being prepared (503, Retry-After), then served.
    const first = await fetch(`${server.url}/catalogue/voices/pub-en-olivia/demo.mp3`);
    assert.equal(first.status, 503);
    assert.equal(first.headers.get('retry-after'), '5');
    assert.match((await first.json()).message, /being prepared/);
    for (const id of ['pub-en-olivia', 'pub-zh_cantonese-weiming']) {
      const demo = await downloadCatalogue(`${server.url}/catalogue/voices/${id}/demo.mp3`, dir, `${id}.mp3`);
      assert.equal(demo.info.audio?.codec, 'mp3');
      assert.ok(demo.info.durationSec > 1.5, `${id}: ${demo.info.durationSec} s`);
    }
    const res = await fetchCatalogue(`${server.url}/catalogue/voices/pub-en-olivia/demo.mp3`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'audio/mpeg');
    await res.arrayBuffer();
    const missing = await fetch(`${server.url}/catalogue/voices/no-such-voice/demo.mp3`);
    assert.equal(missing.status, 404);
    await missing.arrayBuffer();

    // A row from an older catalogue (a profile without formants) is brought up to date at start,
    // and its demo is made again.
    const voices = server.container.services.voices;
    await voices.update('pub-en-olivia', { profile: JSON.stringify({ medianPitchHz: 240 }), title: 'Old' });
    await server.container.services.catalogue.seed();
    const row = (await voices.getForJob('pub-en-olivia'))!;
    assert.equal(row.title, 'Olivia (English)');
    assert.ok(JSON.parse(row.profile!).f3Hz > 2500);
    assert.equal(await server.container.blobs.stat('catalogue/voices/pub-en-olivia/demo.mp3'), null);
  });
});
