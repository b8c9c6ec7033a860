import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { TEST_DB, TEST_SIGNING_SECRET } from '../helpers/database.js';
import { cli } from '../helpers/process.js';
import { api, createAccount, freePort, startServer } from '../helpers/server.js';

describe('admin CLI', () => {
  let env: Record<string, string>;
  let dataDir: string;
  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'likeness-cli-'));
    env = { LIKENESS_DATA_DIR: dataDir, LIKENESS_DEMO_ACCOUNT: 'off' };
  });
  after(() => rm(dataDir, { recursive: true, force: true }));

  test('doctor reports the policies (read from the config file too) and what clients send outside the contract', async () => {
    const own = await mkdtemp(join(tmpdir(), 'likeness-doctor-'));
    try {
      const server = await startServer({}, { dataDir: own });
      const { token } = await createAccount(server);
      const r = await api(server, 'POST', '/api/v2/svc/audio/create_by_tts', {
        token,
        body: { voice: 'pub-en-emma', text: 'Hello.', title: 'Text-driven Lipsync Video' },
      });
      assert.equal(r.body.code, 0);
      await server.close();
      const file = join(own, 'likeness.env');
      await writeFile(file, 'LIKENESS_CONTRACT=strict\nLIKENESS_PLAN_GATES=on\n');
      const d = await cli(['doctor', '--json'], {
        LIKENESS_DATA_DIR: own,
        LIKENESS_DEMO_ACCOUNT: 'off',
        LIKENESS_ENV_FILE: file,
      });
      const checks = JSON.parse(d.stdout) as { name: string; ok: boolean; detail: string }[];
      const detail = (name: string) => checks.find((c) => c.name === name)?.detail ?? '';
      assert.match(detail('policies'), /contract strict .*plan gates on .*100 works waiting or processing/);
      assert.match(
        detail('client contract'),
        /sent title outside "at most 20 characters" 1 times \(POST \/api\/v2\/svc\/audio\/create_by_tts; last: cut from 25 to 20 characters/,
      );
      // Which engine each port uses, and that each answers.
      assert.match(
        detail('database'),
        TEST_DB === 'postgres' ? /^PostgreSQL .*\(answers\)$/ : /^SQLite in .*\(answers\)$/,
      );
      assert.match(detail('queue'), /^the database \(embedded\): jobs are rows every process polls$/);
      assert.match(detail('blob store'), /^files in .*blobs \(answers\)$/);
      // One more run for what fails: a Redis that does not answer, translation off, and a model
      // pack that cannot be trusted (one run: each doctor run loads every engine, ~3-7 s).
      await mkdir(join(own, 'packs', 'broken'), { recursive: true });
      await writeFile(join(own, 'packs', 'broken', 'manifest.json'), '{"name": "x"}');
      const port = await freePort();
      const failing = await cli(['doctor', '--json'], {
        LIKENESS_DATA_DIR: own,
        LIKENESS_DEMO_ACCOUNT: 'off',
        REDIS_URL: `redis://127.0.0.1:${port}`,
        LIKENESS_SIGNING_SECRET: TEST_SIGNING_SECRET,
        LIKENESS_TRANSLATION: 'off',
        LIKENESS_MODEL_PACKS: join(own, 'packs'),
      });
      const found = JSON.parse(failing.stdout) as { name: string; ok: boolean; detail: string }[];
      const queue = found.find((c) => c.name === 'queue');
      assert.equal(queue?.ok, false);
      assert.match(
        queue?.detail ?? '',
        new RegExp(`^REDIS_URL: cannot use the Redis server at redis://127.0.0.1:${port}`),
      );
      assert.equal(failing.code, 1, 'doctor fails when an engine does not answer');
      const translation = found.find((c) => c.name === 'translation');
      assert.equal(translation?.ok, true);
      assert.match(
        translation?.detail ?? '',
        /^off \(LIKENESS_TRANSLATION\): video\/translate refuses every language$/,
      );
      const pack = found.find((c) => c.name === 'model packs');
      assert.equal(pack?.ok, false);
      assert.match(pack?.detail ?? '', /broken: refused, kind must be speech-recognition or translation/);
      const missing = await cli(['doctor', '--json'], {
        LIKENESS_DATA_DIR: own,
        LIKENESS_ENV_FILE: join(own, 'nope.env'),
      });
      assert.match(missing.stdout, /LIKENESS_ENV_FILE=.*nope\.env: no such file/);
    } finally {
      await rm(own, { recursive: true, force: true });
    }
  });

  test('separate API and worker processes need DATABASE_URL, and say so', async () => {
    for (const args of [['worker'], ['serve', '--role', 'api']]) {
      const r = await cli(args, {
        LIKENESS_DATA_DIR: dataDir,
        LIKENESS_DEMO_ACCOUNT: 'off',
        DATABASE_URL: '',
      });
      assert.equal(r.code, 2, r.stderr);
      assert.match(
        r.stderr,
        /DATABASE_URL: `likeness (worker|serve --role api)` shares the database with other processes, which needs PostgreSQL/,
      );
    }
    const bad = await cli(['serve', '--role', 'nope'], env);
    assert.notEqual(bad.code, 0);
    assert.match(bad.stderr, /argument 'nope' is invalid. Allowed choices are all, api/);
  });

  test('accounts create/update print JSON an operator can script', async () => {
    const c = await cli(['accounts', 'create', '--credits', '25', '--plan', 'pro', '--json'], env);
    assert.equal(c.code, 0, c.stderr);
    const created = JSON.parse(c.stdout) as { account_id: string; token: string };
    assert.deepEqual(Object.keys(created).sort(), ['account_id', 'token']);
    const u = await cli(
      [
        'accounts',
        'update',
        '--token',
        created.token,
        '--callback-url',
        'https://hooks.example.com/x',
        '--v2-callback',
        'on',
        '--aigc',
        '2',
        '--credits-add',
        '5',
        '--plan',
        'basic',
        '--json',
      ],
      env,
    );
    assert.equal(u.code, 0, u.stderr);
    const s = JSON.parse(u.stdout) as Record<string, unknown>;
    assert.equal(s.account_id, created.account_id);
    assert.equal(s.callback_url, 'https://hooks.example.com/x');
    assert.equal(s.v2_callback, 'on');
    assert.equal(s.aigc, 2);
    assert.equal(s.credits, 30);
    assert.equal(s.plan, 'basic');
    assert.equal(typeof s.callback_secret, 'string');
    const rot = await cli(
      ['accounts', 'update', '--token', created.token, '--rotate-token', '--agent-platform', 'on', '--json'],
      env,
    );
    const rotated = JSON.parse(rot.stdout) as { token: string; agent_platform: boolean };
    assert.notEqual(rotated.token, created.token);
    assert.equal(rotated.agent_platform, true);
    const old = await cli(['accounts', 'update', '--token', created.token, '--json'], env);
    assert.equal(old.code, 2, 'the old token no longer resolves');
  });

  test('bad configuration is reported per variable, all at once', async () => {
    const r = await cli(['accounts', 'list'], {
      ...env,
      PORT: 'abc',
      LIKENESS_PUBLIC_URL: 'ftp://x',
      LIKENESS_ENCODER_PRESET: 'turbo',
    });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /PORT=abc/);
    assert.match(r.stderr, /LIKENESS_PUBLIC_URL=ftp:\/\/x/);
    assert.match(r.stderr, /LIKENESS_ENCODER_PRESET=turbo/);
  });

  test('callbacks lists deliveries with their state and last answer', async () => {
    const server = await startServer({ LIKENESS_CALLBACK_RETRY_SEC: '0' }, { dataDir });
    const { token } = await createAccount(server);
    const account = await server.container.services.accounts.resolve({ token });
    // Nothing listens on port 9 of loopback: the delivery fails, is retried once, then dropped.
    await server.container.services.accounts.update(account!.id, { callbackUrl: 'http://127.0.0.1:9/hook' });
    const r = await api(server, 'POST', '/api/v2/svc/video/create_by_audio', {
      token,
      body: { audio_url: 'http://127.0.0.1:9/a.mp3', avatar: 'pub-avatar-lin' },
    });
    await server.container.queue.drain();
    await server.close();
    const out = await cli(['callbacks', '--token', token, '--json'], env);
    assert.equal(out.code, 0, out.stderr);
    const rows = JSON.parse(out.stdout) as {
      task_id: string;
      type: number;
      state: string;
      attempts: number;
      last_error: string;
    }[];
    assert.equal(rows.length, 1);
    assert.equal(rows[0]!.task_id, r.body.task_id);
    assert.equal(rows[0]!.type, 1);
    assert.equal(rows[0]!.state, 'dead');
    assert.equal(rows[0]!.attempts, 2);
    assert.match(rows[0]!.last_error, /ECONNREFUSED/);
  });

  test('console-link prints a one-time sign-in link that the running server accepts once', async () => {
    const own = await mkdtemp(join(tmpdir(), 'likeness-link-'));
    const server = await startServer({}, { dataDir: own });
    try {
      const { token } = await createAccount(server);
      const ownEnv = { LIKENESS_DATA_DIR: own, LIKENESS_DEMO_ACCOUNT: 'off', PORT: String(server.port) };
      const out = await cli(['console-link', '--token', token, '--json'], ownEnv);
      assert.equal(out.code, 0, out.stderr);
      const { url } = JSON.parse(out.stdout) as { url: string };
      const code = /\/console\/#\/sign-in\?code=([A-Za-z0-9_-]{32})$/.exec(url)?.[1];
      assert.ok(code, url);
      const signIn = () =>
        fetch(`${server.url}/console/api/session`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ code }),
        });
      const first = await signIn();
      assert.equal(first.status, 200);
      assert.match(first.headers.get('set-cookie') ?? '', /^likeness_session=/);
      await first.arrayBuffer();
      const second = await signIn();
      assert.equal(second.status, 401);
      await second.arrayBuffer();
      const unknown = await cli(['console-link', '--token', 'lk_nope'], ownEnv);
      assert.equal(unknown.code, 2);
      assert.match(unknown.stderr, /no such account/);
    } finally {
      await server.close();
      await rm(own, { recursive: true, force: true });
    }
  });

  test("an admin command beside a running server leaves the server's work alone", async () => {
    const server = await startServer({}, { dataDir });
    try {
      const scratch = join(dataDir, 'tmp', 'work-in-progress');
      await writeFile(scratch, 'render scratch');
      const r = await cli(['accounts', 'list', '--json'], env);
      assert.equal(r.code, 0, r.stderr);
      assert.equal(existsSync(scratch), true);
    } finally {
      await server.close();
    }
  });
});
