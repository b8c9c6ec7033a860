import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadConfig } from '../config.js';
import { roleProblem, roleWarnings } from './roles.js';

const SECRET = 'a-signing-secret-of-at-least-32-characters';

test('API and worker processes of their own need the shared PostgreSQL database', () => {
  const embedded = loadConfig({}, '/srv');
  assert.equal(roleProblem('all', embedded), null);
  assert.match(roleProblem('api', embedded) ?? '', /^DATABASE_URL: `likeness serve --role api` shares/);
  assert.match(roleProblem('worker', embedded) ?? '', /^DATABASE_URL: `likeness worker` shares/);
  const shared = loadConfig(
    { DATABASE_URL: 'postgres://db/likeness', LIKENESS_SIGNING_SECRET: SECRET },
    '/srv',
  );
  assert.equal(roleProblem('api', shared), null);
  assert.equal(roleProblem('worker', shared), null);
});

test('separate processes with blobs on local disk are told the directory must be shared', () => {
  const env = { DATABASE_URL: 'postgres://db/likeness', LIKENESS_SIGNING_SECRET: SECRET };
  assert.deepEqual(roleWarnings('all', loadConfig(env, '/srv')), []);
  assert.match(roleWarnings('worker', loadConfig(env, '/srv'))[0] ?? '', /must see that same directory/);
  assert.deepEqual(roleWarnings('worker', loadConfig({ ...env, S3_BUCKET: 'likeness-blobs' }, '/srv')), []);
});
