import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { copyFile, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { createAccount, facePhoto, probe, startServer, type TestServer } from './helpers/service.js';

/** The built command line, as `npx likeness-cli` runs it (the test script builds dist/ first). */
const bin = fileURLToPath(new URL('../bin/likeness-cli.js', import.meta.url));

describe('likeness-cli against the real service', () => {
  let server: TestServer;
  let token: string;
  let dir: string;
  let env: Record<string, string>;

  const cli = (args: string[], extraEnv: Record<string, string> = {}) =>
    new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [bin, ...args], { cwd: dir, env: { ...env, ...extraEnv } });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (c) => (stdout += c));
      child.stderr.on('data', (c) => (stderr += c));
      child.on('close', (code) => resolve({ code, stdout, stderr }));
    });

  before(async () => {
    server = await startServer({ LIKENESS_WORKERS: '2' });
    token = (await createAccount(server, { credits: 2000, plan: 'pro' })).token;
    dir = await mkdtemp(join(tmpdir(), 'likeness-cli-'));
    await copyFile(facePhoto(1), join(dir, 'face.jpg'));
    env = {
      PATH: process.env.PATH ?? '',
      HOME: dir,
      LIKENESS_TOKEN: token,
      LIKENESS_BASE_URL: server.url,
      LIKENESS_CONFIG: join(dir, 'config.json'),
      LIKENESS_POLL_MS: '200',
    };
  });
  after(async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });

  test('--test-outcome makes a test work end as named; a bad one is a usage mistake', async () => {
    const live = await createAccount(server, { credits: 10, plan: 'pro' });
    const { token: testToken } = await server.container.services.accounts.createTestToken(live.account_id);
    const base = [
      'videos',
      'tts',
      '--avatar',
      'pub-avatar-lin',
      '--voice',
      'pub-en-emma',
      '--text',
      'Hello.',
    ];
    const failed = await cli([...base, '--test-outcome', 'fail:2014', '--wait'], {
      LIKENESS_TOKEN: testToken,
    });
    assert.equal(failed.code, 1, failed.stdout + failed.stderr);
    assert.match(failed.stderr, /failed: the avatar video could not be read.*\(test outcome\)/);
    const refused = await cli([...base, '--test-outcome', 'refuse:1002,callback:late'], {
      LIKENESS_TOKEN: testToken,
    });
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /insufficient credits.*\(test outcome\)/);
    const bad = await cli([...base, '--test-outcome', 'explode'], { LIKENESS_TOKEN: testToken });
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /--test-outcome: 'explode' is not one of fail:CODE/);
    const liveTry = await cli([...base, '--test-outcome', 'wait'], { LIKENESS_TOKEN: live.token });
    assert.equal(liveTry.code, 1);
    assert.match(liveTry.stderr, /test outcomes need a test token/);
  });

  test('the README example: one command uploads a photo, clones an avatar, renders a talking video and downloads the MP4', async () => {
    const r = await cli([
      'videos',
      'tts',
      '--photo',
      'face.jpg',
      '--voice',
      'pub-en-emma',
      '--text',
      'Hello from likeness.',
      '-o',
      'hello.mp4',
    ]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^avatar\s+av_\w+$/m);
    assert.match(r.stdout, /^output\s+hello\.mp4$/m);
    assert.match(r.stderr, /uploaded face\.jpg: file_id file_\w+/);
    assert.match(r.stderr, /avatar av_\w+ \[#+\] 100% completed/, 'a progress bar while waiting');
    assert.match(r.stderr, /video t_\w+ \[#+\] 100% completed/);
    assert.match(r.stderr, /saved hello\.mp4/);
    const info = await probe(join(dir, 'hello.mp4'));
    assert.equal(info.video?.codec, 'h264');
    assert.equal(info.audio?.codec, 'aac');
    assert.ok(info.durationSec >= 1, `duration ${info.durationSec}`);
    assert.ok((info.video?.width ?? 0) > 0 && (info.video?.height ?? 0) > 0);
    // The length with its fraction, read from the downloaded file (the API's `duration` is whole seconds).
    const printed = /^duration\s+(\d+\.\d\d) s$/m.exec(r.stdout);
    assert.ok(printed, r.stdout);
    assert.ok(Math.abs(Number(printed[1]) - info.durationSec) < 0.05, `${printed[1]} vs ${info.durationSec}`);
    // Without a download, from the first bytes of the result URL; scripts get both numbers.
    const taskId = /^task_id\s+(t_\w+)$/m.exec(r.stdout)?.[1];
    assert.ok(taskId, r.stdout);
    const shown = await cli(['videos', 'task', taskId]);
    assert.match(shown.stdout, new RegExp(`^duration\\s+${printed[1]} s$`, 'm'));
    const json = JSON.parse((await cli(['videos', 'task', taskId, '--json'])).stdout) as {
      duration: number;
      duration_sec: number;
    };
    assert.ok(Math.abs(json.duration - json.duration_sec) <= 0.55, JSON.stringify(json));
    assert.equal(json.duration_sec.toFixed(2), printed[1]);
  });

  test('--json prints one JSON document for scripts; tables by default', async () => {
    const credit = await cli(['credit', '--json']);
    assert.equal(credit.code, 0, credit.stderr);
    assert.equal(typeof JSON.parse(credit.stdout).left, 'number');
    assert.match((await cli(['credit'])).stdout, /^\d+ credits left\n$/);

    const avatars = await cli(['avatars', 'list']);
    assert.match(avatars.stdout, /^AVATAR\s+KIND\s+TITLE\n/);
    assert.match(avatars.stdout, /^pub-avatar-lin\s+public\s+林晓/m);
    const voices = await cli(['voices', 'list', '--json']);
    assert.ok(
      (JSON.parse(voices.stdout) as { data: { voice: string }[] }).data.some(
        (v) => v.voice === 'pub-en-emma',
      ),
    );
    assert.match((await cli(['videos', 'templates'])).stdout, /^TEMPLATE\s+TITLE/);
    assert.match((await cli(['covers', 'styles'])).stdout, /^ID\s+TITLE\s+URL\n/);

    const up = await cli(['upload', 'face.jpg', '--json']);
    const fileId = (JSON.parse(up.stdout) as { file_id: string }).file_id;
    assert.match(fileId, /^file_/);
    const clone = await cli(['avatars', 'clone', fileId, '--wait', '--json']);
    assert.equal(clone.code, 0, clone.stderr);
    const cloned = JSON.parse(clone.stdout) as { asset: { id: string }; task_result: { status: number } };
    assert.equal(cloned.task_result.status, 3);
    const assets = await cli(['avatars', 'assets', '--all', '--json']);
    assert.ok(
      (JSON.parse(assets.stdout) as { items: { id: string }[] }).items.some((a) => a.id === cloned.asset.id),
    );
  });

  test('audio, then task wait with a progress bar and a download; covers to a file', async () => {
    const started = await cli([
      'audio',
      'tts',
      '--voice',
      'pub-en-james',
      '--text',
      'Testing the command line.',
      '--json',
    ]);
    assert.equal(started.code, 0, started.stderr);
    const taskId = (JSON.parse(started.stdout) as { task_id: string }).task_id;
    const waited = await cli(['task', 'wait', taskId, '-o', 'speech.mp3']);
    assert.equal(waited.code, 0, waited.stderr);
    assert.match(waited.stderr, /task t_\w+ \[#+\] 100% completed/);
    assert.equal((await probe(join(dir, 'speech.mp3'))).audio?.codec, 'mp3');
    assert.match(waited.stdout, /^duration\s+\d+\.\d\d s$/m, "the MP3's length with its fraction");
    const got = await cli(['task', 'get', taskId, '--json']);
    assert.equal((JSON.parse(got.stdout) as { kind: string }).kind, 'work');

    const styles = JSON.parse((await cli(['covers', 'styles', '--json'])).stdout) as {
      data: { id: string }[];
    };
    const cover = await cli([
      'covers',
      'create',
      '--style',
      styles.data[0]!.id,
      '--content',
      '今晚八点',
      '-o',
      'c.jpg',
    ]);
    assert.equal(cover.code, 0, cover.stderr);
    assert.ok((await stat(join(dir, 'c.jpg'))).size > 1000);
  });

  test('errors: the code, the message and the request id; exit 1 for the service, 2 for usage', async () => {
    const unknown = await cli([
      'videos',
      'tts',
      '--text',
      'hi',
      '--avatar',
      'pub-avatar-lin',
      '--voice',
      'nope',
    ]);
    assert.equal(unknown.code, 1);
    assert.match(
      unknown.stderr,
      /^error 14: voice 'nope' was not found for this account \(request req_\w+\)$/m,
    );
    const json = await cli(['credit', '--json'], { LIKENESS_TOKEN: 'lk_wrong' });
    assert.equal(json.code, 1);
    assert.deepEqual(Object.keys(JSON.parse(json.stderr).error).sort(), ['code', 'message', 'request_id']);
    assert.equal(JSON.parse(json.stderr).error.code, 2003);

    const noToken = await cli(['credit'], { LIKENESS_TOKEN: '' });
    assert.equal(noToken.code, 2);
    assert.match(noToken.stderr, /no API token: pass --token, set LIKENESS_TOKEN, or save one/);
    assert.equal((await cli(['videos', 'tts', '--text', 'hi'])).code, 2, 'no avatar');
    assert.equal((await cli(['avatars', 'task'])).code, 2, 'missing TASK_ID');
    assert.equal((await cli(['nonsense'])).code, 2);
    assert.equal((await cli(['credit', '--bogus'])).code, 2);
    const help = await cli(['--help']);
    assert.equal(help.code, 0);
    assert.match(help.stdout, /likeness-cli videos tts/);
  });

  test('login saves the token in a config file only its owner can read', async () => {
    const config = join(dir, 'login.json');
    const r = await cli(['login', '--token', token, '--base-url', server.url], {
      LIKENESS_CONFIG: config,
      LIKENESS_TOKEN: '',
    });
    assert.equal(r.code, 0, r.stderr);
    assert.equal((await stat(config)).mode & 0o777, 0o600);
    assert.deepEqual(JSON.parse(await readFile(config, 'utf8')), { token, base_url: server.url });
    const credit = await cli(['credit'], {
      LIKENESS_CONFIG: config,
      LIKENESS_TOKEN: '',
      LIKENESS_BASE_URL: '',
    });
    assert.equal(credit.code, 0, credit.stderr);
  });
});
