import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ConfigError, loadConfig } from './config.js';

test('defaults are documented values', () => {
  const c = loadConfig({}, '/srv');
  assert.equal(c.server.port, 3000);
  assert.equal(c.server.host, '127.0.0.1');
  assert.equal(c.server.publicUrl, 'http://127.0.0.1:3000');
  assert.equal(c.dataDir, '/srv/data');
  assert.deepEqual(c.fetch.allow, []);
  assert.equal(c.prices.videoPerMinute, 10);
  assert.equal(c.limits.maxActiveWorks, 100);
  assert.equal(c.plans.gates, false);
  assert.equal(c.plans.minimums.video_sing, 'free');
  assert.equal(c.contract.mode, 'lenient');
  assert.deepEqual(c.callbacks.retryScheduleSec, [10, 30, 60, 120]);
  assert.ok(Object.isFrozen(c.server));
});

test('values are parsed and every bad one is reported at once', () => {
  const c = loadConfig(
    {
      PORT: '8080',
      LIKENESS_PUBLIC_URL: 'https://a.example.com/',
      LIKENESS_FETCH_ALLOW: '127.0.0.1:9000, fixtures.local',
    },
    '/',
  );
  assert.equal(c.server.publicUrl, 'https://a.example.com');
  assert.deepEqual(c.fetch.allow, ['127.0.0.1:9000', 'fixtures.local']);
  assert.throws(
    () =>
      loadConfig({
        PORT: '-1',
        LIKENESS_WORKERS: 'many',
        LIKENESS_CALLBACK_RETRY_SEC: '200,200',
        LIKENESS_DEFAULT_PLAN: 'gold',
      }),
    (e: unknown) => e instanceof ConfigError && e.problems.length === 4 && /retry window/.test(e.message),
  );
});

const SECRET = 'a-signing-secret-of-at-least-32-characters';

test('DATABASE_URL: a postgres URL switches the database; anything else is refused, naming the variable', () => {
  const c = loadConfig(
    { DATABASE_URL: 'postgres://app:pw@db:5432/likeness', LIKENESS_SIGNING_SECRET: SECRET },
    '/srv',
  );
  assert.equal(c.database.url, 'postgres://app:pw@db:5432/likeness');
  assert.equal(loadConfig({}, '/srv').database.url, null);
  assert.throws(
    () => loadConfig({ DATABASE_URL: 'mysql://app:secretpw@db/x', LIKENESS_SIGNING_SECRET: SECRET }, '/srv'),
    (e: unknown) =>
      e instanceof ConfigError &&
      /DATABASE_URL: expected a postgres:\/\/ or postgresql:\/\/ URL/.test(e.message) &&
      !e.message.includes('secretpw'),
  );
});

test('REDIS_URL is refused until the BullMQ queue is available', () => {
  assert.throws(
    () => loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379', LIKENESS_SIGNING_SECRET: SECRET }, '/srv'),
    (e: unknown) =>
      e instanceof ConfigError && /REDIS_URL: the BullMQ queue is not available yet/.test(e.message),
  );
});

test('LIKENESS_SIGNING_SECRET: required with DATABASE_URL, at least 32 characters when set', () => {
  assert.throws(
    () => loadConfig({ DATABASE_URL: 'postgres://db/likeness' }, '/srv'),
    (e: unknown) =>
      e instanceof ConfigError && /LIKENESS_SIGNING_SECRET: required with DATABASE_URL/.test(e.message),
  );
  assert.throws(
    () => loadConfig({ LIKENESS_SIGNING_SECRET: 'short' }, '/srv'),
    (e: unknown) => e instanceof ConfigError && /at least 32 characters/.test(e.message),
  );
  assert.equal(loadConfig({ LIKENESS_SIGNING_SECRET: SECRET }, '/srv').signingSecret, SECRET);
});
