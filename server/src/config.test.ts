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
