import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { build } from 'esbuild';

const entry = fileURLToPath(new URL('../src/index.ts', import.meta.url));

/**
 * The SDK's main entry bundles for browsers: no Node module is reachable from it, and the bundle runs
 * with nothing but fetch and Web Crypto.
 */
test('the main entry bundles for the browser and runs on fetch and Web Crypto alone', async () => {
  const out = await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  assert.deepEqual(out.errors, []);
  const inputs = Object.keys(out.metafile.inputs);
  assert.ok(!inputs.some((i) => /node\.ts$|\/cli\//.test(i)), `browser bundle pulls in ${inputs.join(', ')}`);
  const code = out.outputFiles[0]!.text;
  const nodeism = /from\s*["']node:|\brequire\(|\bprocess\.|\bBuffer\./.exec(code);
  assert.equal(nodeism, null, `no Node built-ins: found ${nodeism?.[0]}`);
  assert.ok(code.length < 60_000, `bundle is ${code.length} bytes`);

  // Load the bundle as a module and use it with a stand-in fetch.
  const sdk = (await import(
    `data:text/javascript;base64,${Buffer.from(code).toString('base64')}`
  )) as typeof import('../src/index.js');
  const asked: string[] = [];
  const reply = (body: object) =>
    new Response(JSON.stringify({ code: 0, message: '', request_id: 'req_1', ...body }));
  const client = sdk.createClient({
    baseUrl: 'https://likeness.example',
    token: 'lk_t',
    fetch: async (url, init) => {
      const u = String(url);
      asked.push(
        `${init?.method} ${u} ${init?.body instanceof Blob ? `blob:${(init.headers as Record<string, string>)['content-type']}` : (init?.body ?? '')}`,
      );
      if (u.endsWith('/tool/create_upload_url')) {
        return reply({
          upload_url: 'https://likeness.example/files/upload/file_1?sig=x',
          content_type: 'image/png',
          file_id: 'file_1',
        });
      }
      if (u.includes('/files/upload/')) return reply({ file_id: 'file_1', size: 1 });
      return reply({ left: 7 });
    },
  });
  assert.equal((await client.account.credit()).left, 7);
  const up = await client.upload(new Blob(['x'], { type: 'image/png' }));
  assert.deepEqual(up, { file_id: 'file_1', size: 1, content_type: 'image/png' });
  assert.deepEqual(asked, [
    'GET https://likeness.example/api/v2/svc/account/credit ',
    'POST https://likeness.example/api/v2/svc/tool/create_upload_url {"file_extension":"png"}',
    'PUT https://likeness.example/files/upload/file_1?sig=x blob:image/png',
  ]);

  const body = '{"type":1}';
  const sig = `v1=${createHmac('sha256', 's').update(`100.${body}`).digest('hex')}`;
  const headers = { 'x-likeness-timestamp': '100', 'x-likeness-signature': sig };
  assert.equal(await sdk.verifyCallback(headers, body, 's', { now: 100_000 }), true);
  assert.equal(await sdk.verifyCallback(headers, body, 't', { now: 100_000 }), false);
  await assert.rejects(client.upload('/etc/hosts'), /needs Node/, 'paths need the Node entry');
});
