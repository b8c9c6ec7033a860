import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { TEST_DB, TEST_SIGNING_SECRET, testDatabaseEnv } from '../helpers/database.js';
import { cli, spawnServer, waitExit } from '../helpers/process.js';
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

    const t = await cli(['accounts', 'test-token', '--token', rotated.token, '--json'], env);
    assert.equal(t.code, 0, t.stderr);
    const test = JSON.parse(t.stdout) as { token: string; test_account_id: string };
    assert.match(test.token, /^lk_test_/);
    const reset = await cli(['accounts', 'test-reset', '--account', created.account_id, '--json'], env);
    assert.equal(reset.code, 0, reset.stderr);
    assert.deepEqual(JSON.parse(reset.stdout), { account_id: created.account_id, test_credits: 10_000 });
    const listed = JSON.parse((await cli(['accounts', 'list', '--json'], env)).stdout) as {
      account_id: string;
      test: { token_prefix: string; credits: number } | null;
    }[];
    assert.ok(!listed.some((a) => a.account_id === test.test_account_id), 'the test twin is not listed');
    assert.deepEqual(listed.find((a) => a.account_id === created.account_id)?.test, {
      token_prefix: test.token.slice(0, 12),
      credits: 10_000,
    });
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
      assert.match(unknown.stderr, /^no account with that token in /);
    } finally {
      await server.close();
      await rm(own, { recursive: true, force: true });
    }
  });

  test("admin commands read the server's likeness.env and ./data where they run, and say which database they searched", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'likeness-cwd-'));
    const data = join(dir, 'data');
    const database = await testDatabaseEnv(data);
    try {
      const port = await freePort();
      await writeFile(join(dir, 'likeness.env'), `PORT=${port}\nLIKENESS_DEMO_ACCOUNT=off\n`);
      const run = (args: string[], env: Record<string, string> = {}) => cli(args, env, { cwd: dir });
      if (TEST_DB === 'sqlite') {
        // Before the server's first start: a lookup creates no database, and says where it looked.
        const none = await run(['console-link', '--token', 'lk_nope']);
        assert.equal(none.code, 2);
        assert.ok(
          none.stderr.startsWith(`no likeness database in data dir ${data} (no likeness.db there;`),
          none.stderr,
        );
        assert.equal(existsSync(join(data, 'likeness.db')), false);
      }
      const created = await run(['accounts', 'create', '--json']);
      assert.equal(created.code, 0, created.stderr);
      const { token } = JSON.parse(created.stdout) as { token: string };
      if (TEST_DB === 'sqlite')
        assert.match(created.stderr, /a new, empty database was created: SQLite database .*likeness\.db/);
      // No server runs: the link is where the server's settings (its likeness.env's PORT) put it.
      const link = await run(['console-link', '--token', token, '--json']);
      assert.equal(link.code, 0, link.stderr);
      assert.equal(new URL((JSON.parse(link.stdout) as { url: string }).url).host, `127.0.0.1:${port}`);
      assert.ok(
        link.stderr.includes(
          `no likeness server runs from data dir ${data} now: the link assumes one at http://127.0.0.1:${port}`,
        ),
        link.stderr,
      );
      const unknown = await run(['console-link', '--token', 'lk_nope']);
      assert.equal(unknown.code, 2);
      const byId = await run(['accounts', 'update', '--account', 'acc_nope']);
      assert.equal(byId.code, 2);
      if (TEST_DB === 'sqlite') {
        assert.equal(
          unknown.stderr,
          `no account with that token in SQLite database ${join(data, 'likeness.db')} (data dir ${data}; set LIKENESS_DATA_DIR or run from the server's directory)\n`,
        );
        assert.ok(
          byId.stderr.startsWith(`no account 'acc_nope' in SQLite database ${join(data, 'likeness.db')}`),
        );
      } else {
        assert.match(
          unknown.stderr,
          /^no account with that token in PostgreSQL database postgres:\/\/\S+ \(DATABASE_URL; give this command the value the server has\)\n$/,
        );
        assert.match(byId.stderr, /^no account 'acc_nope' in PostgreSQL database /);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
      await database.drop();
    }
  });

  test('console-link points where the running server listens (its server.json), not at the PORT it was given', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'likeness-running-'));
    const data = join(dir, 'data');
    const record = join(data, 'server.json');
    const database = await testDatabaseEnv(data);
    const run = (args: string[], env: Record<string, string> = {}) => cli(args, env, { cwd: dir });
    const linkOf = async (env: Record<string, string> = {}) => {
      const r = await run(['console-link', '--token', token, '--json'], env);
      assert.equal(r.code, 0, r.stderr);
      return { url: new URL((JSON.parse(r.stdout) as { url: string }).url), stderr: r.stderr };
    };
    let token = '';
    try {
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      // The server's PORT is in its environment only: the admin commands below are not given it.
      const server = await spawnServer({ PORT: String(port), LIKENESS_DEMO_ACCOUNT: 'off' }, url, ['serve'], {
        cwd: dir,
      });
      try {
        const written = JSON.parse(readFileSync(record, 'utf8')) as Record<string, unknown>;
        assert.equal(written.url, url);
        assert.equal(written.pid, server.pid);
        assert.deepEqual(written.listen, { host: '127.0.0.1', port });
        const created = await run(['accounts', 'create', '--json']);
        assert.equal(created.code, 0, created.stderr);
        token = (JSON.parse(created.stdout) as { token: string }).token;
        const link = await linkOf();
        assert.equal(link.url.host, `127.0.0.1:${port}`);
        assert.equal(link.stderr, '');
        const signIn = await fetch(`${url}/console/api/session`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ code: new URLSearchParams(link.url.hash.split('?')[1]).get('code') }),
        });
        assert.equal(signIn.status, 200, 'the running server takes the link');
        await signIn.arrayBuffer();
        // A PORT of the command's own does not move the link away from the server that runs...
        assert.equal((await linkOf({ PORT: '1' })).url.host, `127.0.0.1:${port}`);
        // ...but a public URL does: the operator says where the server is reached from.
        assert.equal(
          (await linkOf({ LIKENESS_PUBLIC_URL: 'https://avatars.example.com' })).url.origin,
          'https://avatars.example.com',
        );
      } finally {
        server.kill('SIGTERM');
        await waitExit(server);
      }
      assert.equal(existsSync(record), false, 'the server removes its record when it stops');
      // A record left behind by a killed server is not followed.
      const gone = spawnSync(process.execPath, ['-e', '']).pid;
      await writeFile(record, JSON.stringify({ url: 'http://127.0.0.1:1', pid: gone, host: hostname() }));
      const stale = await linkOf();
      assert.equal(stale.url.host, '127.0.0.1:3000');
      assert.match(
        stale.stderr,
        /no likeness server runs from data dir .* the link assumes one at http:\/\/127\.0\.0\.1:3000/,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
      await database.drop();
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
