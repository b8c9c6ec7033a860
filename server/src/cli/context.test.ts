import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadConfig } from '../config.js';
import { adminPublicUrl, whereLooked } from './context.js';
import type { ServerRecord } from './server-record.js';

const running: ServerRecord = {
  url: 'http://127.0.0.1:4010',
  listen: { host: '127.0.0.1', port: 4010 },
  pid: 1234,
  host: 'here',
  role: 'all',
  database: 'SQLite database /srv/data/likeness.db',
  started_at: '2026-01-01T00:00:00.000Z',
};

test("an admin command's links: LIKENESS_PUBLIC_URL, else the running server's, else HOST and PORT", () => {
  const env = { PORT: '5000' };
  assert.deepEqual(adminPublicUrl(env, loadConfig(env, '/srv'), running), {
    url: 'http://127.0.0.1:4010',
    from: 'running server',
  });
  assert.deepEqual(adminPublicUrl(env, loadConfig(env, '/srv'), null), {
    url: 'http://127.0.0.1:5000',
    from: 'HOST and PORT',
  });
  const proxied = { LIKENESS_PUBLIC_URL: 'https://avatars.example.com/' };
  assert.deepEqual(adminPublicUrl(proxied, loadConfig(proxied, '/srv'), running), {
    url: 'https://avatars.example.com',
    from: 'LIKENESS_PUBLIC_URL',
  });
});

test('messages name the database searched, a PostgreSQL password masked', () => {
  assert.equal(
    whereLooked(loadConfig({}, '/srv')),
    "SQLite database /srv/data/likeness.db (data dir /srv/data; set LIKENESS_DATA_DIR or run from the server's directory)",
  );
  const pg = loadConfig(
    {
      DATABASE_URL: 'postgres://app:hunter2@db.internal:5432/likeness',
      LIKENESS_SIGNING_SECRET: 'a-signing-secret-of-at-least-32-characters',
    },
    '/srv',
  );
  assert.equal(
    whereLooked(pg),
    'PostgreSQL database postgres://app:***@db.internal:5432/likeness (DATABASE_URL; give this command the value the server has)',
  );
});
