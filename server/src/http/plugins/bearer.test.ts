import assert from 'node:assert/strict';
import { test } from 'node:test';
import { credentialProblem, readCredential } from './bearer.js';

test('readCredential: Bearer in any case; a bare key only where it is allowed', () => {
  assert.equal(readCredential('Bearer lk_abc', false), 'lk_abc');
  assert.equal(readCredential('  bearer   lk_abc ', false), 'lk_abc');
  assert.equal(readCredential('lk_abc', false), null);
  assert.equal(readCredential('lk_abc', true), 'lk_abc');
  assert.equal(readCredential('Basic abc', true), null);
  assert.equal(readCredential(undefined, true), null);
});

test('credentialProblem says what is wrong with the header, never repeating the token', () => {
  const missing = 'missing token: send the header "Authorization: Bearer <API_TOKEN>"';
  assert.equal(credentialProblem(undefined, false), missing);
  assert.equal(credentialProblem('   ', false), missing);
  assert.equal(
    credentialProblem('lk_0123456789secret', false),
    'the Authorization header must be `Bearer <token>`; got a value without the `Bearer ` prefix',
  );
  assert.equal(
    credentialProblem('Bearer', false),
    'the Authorization header has the `Bearer ` prefix but no token after it: send `Bearer <token>`',
  );
  assert.equal(
    credentialProblem('Basic dXNlcjpwYXNz', false),
    'the Authorization header must be `Bearer <token>`; got a "Basic" credential instead',
  );
  assert.equal(
    credentialProblem('Token lk_abc', true),
    'the Authorization header must be `Bearer <token>` or the token alone; got a "Token" credential instead',
  );
  assert.equal(
    credentialProblem('lk_abc:x lk_def', false),
    'the Authorization header must be `Bearer <token>`; got another kind of value instead',
  );
  for (const header of ['lk_0123456789secret', 'Basic dXNlcjpwYXNz', 'lk_abc:x lk_def'])
    assert.ok(!credentialProblem(header, false).includes(header.split(' ').at(-1)!), header);
});
