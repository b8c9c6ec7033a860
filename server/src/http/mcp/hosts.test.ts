import assert from 'node:assert/strict';
import { test } from 'node:test';
import { allowedHostnames, hostnameOf } from './hosts.js';

test('hostnameOf drops the port and keeps IPv6 brackets', () => {
  assert.equal(hostnameOf('127.0.0.1:3000'), '127.0.0.1');
  assert.equal(hostnameOf('Example.COM'), 'example.com');
  assert.equal(hostnameOf('[::1]:8080'), '[::1]');
  assert.equal(hostnameOf(undefined), '');
});

test('allowed hosts: loopback, the public URL host and a specific listen address', () => {
  const a = allowedHostnames({ host: '0.0.0.0', publicUrl: 'https://avatars.example.com' });
  assert.deepEqual([...a].sort(), ['127.0.0.1', '[::1]', 'avatars.example.com', 'localhost']);
  const b = allowedHostnames({ host: '10.0.0.5', publicUrl: 'http://10.0.0.5:3000' });
  assert.ok(b.has('10.0.0.5'));
  assert.ok(!b.has('evil.example'));
});
