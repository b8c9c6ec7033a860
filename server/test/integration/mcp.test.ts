import assert from 'node:assert/strict';
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { facePhoto, makeTone } from '../helpers/media-fixtures.js';
import { download } from '../helpers/probe.js';
import { createAccount, startServer, upload, type TestServer } from '../helpers/server.js';

/** An MCP client over Streamable HTTP, authenticated like an agent host would be configured. */
async function connect(server: TestServer, authorization: string): Promise<Client> {
  const client = new Client({ name: 'likeness-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
      requestInit: { headers: { authorization } },
    }),
  );
  return client;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- structured tool output is asserted field by field
type Json = any;

/** A tool call: the structured result, or for an error result the fields of its `_meta`. */
async function call(client: Client, name: string, args: Record<string, unknown> = {}) {
  const r = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const data = r.isError ? r._meta?.['likeness/error'] : r.structuredContent;
  return { isError: r.isError === true, data: data as Json, text: textOf(r) };
}

const textOf = (r: CallToolResult) => r.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');

/** A raw POST to /mcp, for the answers that come before the MCP server (auth, host check). */
function rawPost(server: TestServer, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Json }>((resolve, reject) => {
    const req = request(
      `${server.url}/mcp`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: JSON.parse(text || 'null') }),
        );
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }));
  });
}

describe('MCP endpoint (/mcp, Streamable HTTP) through the MCP SDK client', () => {
  let server: TestServer;
  let token: string;
  let client: Client;
  let dir: string;
  before(async () => {
    // Plan gates on, so the clone tool's paid_plan_required can be shown (they are off by default).
    server = await startServer({ LIKENESS_WORKERS: '2', LIKENESS_PLAN_GATES: 'on' });
    token = (await createAccount(server, { credits: 1000, plan: 'pro' })).token;
    client = await connect(server, `Bearer ${token}`);
    dir = await mkdtemp(join(tmpdir(), 'likeness-mcp-'));
  });
  after(async () => {
    await client.close();
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });

  test('a title past 20 characters is kept as its first 20 and counted, as in the HTTP API', async () => {
    const own = await createAccount(server, { credits: 100 });
    const ownClient = await connect(server, `Bearer ${own.token}`);
    const r = await call(ownClient, 'create_audio_by_text', {
      text: 'Hello.',
      voice: 'pub-en-emma',
      title: 'Text-driven Lipsync Video',
    });
    await ownClient.close();
    assert.equal(r.isError, false, r.text);
    const task = await server.container.services.tasks.getForJob(r.data.task_id);
    assert.equal(task?.title, 'Text-driven Lipsync ');
    const notes = await server.container.services.contract.list(task!.account_id);
    assert.deepEqual(
      notes.map((n) => [n.operation, n.field, n.count]),
      [['mcp create_audio_by_text', 'title', 1]],
    );
  });

  test('lists its tools, each with a title, a description and JSON schemas', async () => {
    const { tools } = await client.listTools();
    const byName = new Map(tools.map((t) => [t.name, t]));
    for (const name of [
      'clone_avatar_by_image',
      'list_avatars',
      'list_voices',
      'list_templates',
      'create_video_by_text',
      'create_video_by_audio',
      'create_audio_by_text',
      'list_cover_styles',
      'create_cover',
      'get_task',
      'wait_for_task',
      'get_credit_balance',
    ]) {
      const t = byName.get(name);
      assert.ok(t, `tool ${name} is listed`);
      assert.ok((t.description ?? '').length > 40, `${name} has a description an agent can act on`);
      assert.equal(t.inputSchema.type, 'object');
      assert.equal(t.outputSchema?.type, 'object', `${name} declares its output`);
    }
    assert.equal(byName.get('clone_avatar_by_image')!.title, 'Avatar / Clone by Image');
    const tts = byName.get('create_video_by_text')!.inputSchema;
    assert.deepEqual([...(tts.required ?? [])].sort(), ['avatar', 'text', 'voice']);
    assert.equal((tts.properties as Json).text.maxLength, 10000);
    assert.match(client.getInstructions() ?? '', /wait_for_task/);
  });

  test('the same tokens authenticate: none or a wrong one is HTTP 401, the bare token works too', async () => {
    const none = await rawPost(server, {});
    assert.equal(none.status, 401);
    assert.equal(none.body.error.code, -32001);
    assert.match(String(none.headers['www-authenticate']), /^Bearer/);
    const wrong = await rawPost(server, { authorization: 'Bearer lk_not-a-token' });
    assert.equal(wrong.status, 401);
    await assert.rejects(connect(server, 'Bearer lk_not-a-token'));
    const bare = await connect(server, token);
    assert.deepEqual((await call(bare, 'get_credit_balance')).data, { left: 1000 });
    await bare.close();
  });

  test('a foreign Host header is refused (DNS rebinding) and GET is 405', async () => {
    const r = await rawPost(server, { authorization: `Bearer ${token}`, host: 'attacker.example' });
    assert.equal(r.status, 403);
    const get = await fetch(`${server.url}/mcp`, { headers: { authorization: `Bearer ${token}` } });
    assert.equal(get.status, 405);
    assert.equal(get.headers.get('allow'), 'POST');
  });

  test('a test token reaches the reserved outcomes through the tools; a live token is told to use one', async () => {
    const live = await createAccount(server, { credits: 100, plan: 'pro' });
    const { token: testToken } = await server.container.services.accounts.createTestToken(live.account_id);
    const testClient = await connect(server, `Bearer ${testToken}`);
    try {
      const created = await call(testClient, 'create_video_by_text', {
        text: 'Hello.',
        avatar: 'test_fail_2014',
        voice: 'pub-en-emma',
      });
      assert.equal(created.isError, false, created.text);
      const done = await call(testClient, 'wait_for_task', {
        task_id: created.data.task_id,
        timeout_seconds: 30,
      });
      assert.equal(done.data.status, 4, done.text);
      assert.match(done.text, /2014/);
      const refused = await call(testClient, 'create_video_by_text', {
        text: 'Hello.',
        avatar: 'test_refuse_1002',
        voice: 'pub-en-emma',
      });
      assert.equal(refused.isError, true);
      assert.match(refused.text, /insufficient credits.*\(test outcome\)/);
    } finally {
      await testClient.close();
    }
    const liveTry = await call(client, 'create_video_by_text', {
      text: 'Hello.',
      avatar: 'test_fail_2014',
      voice: 'pub-en-emma',
    });
    assert.equal(liveTry.isError, true);
    assert.match(liveTry.text, /test outcomes need a test token/);
  });

  test('lists avatars, voices, templates and cover styles, and reads the balance', async () => {
    const avatars = await call(client, 'list_avatars');
    assert.equal(avatars.isError, false, avatars.text);
    assert.ok(avatars.data.avatars.some((a: Json) => a.avatar === 'pub-avatar-lin' && a.kind === 2));
    const voices = await call(client, 'list_voices');
    assert.ok(voices.data.voices.some((v: Json) => v.voice === 'pub-zh-xiaoyun'));
    const templates = await call(client, 'list_templates', { size: 5 });
    assert.ok(templates.data.total > 0 && templates.data.templates.length > 0);
    assert.ok(templates.data.templates.length <= 5);
    const styles = await call(client, 'list_cover_styles');
    assert.ok(styles.data.styles.length > 0 && styles.data.total === styles.data.styles.length);
    // The same JSON is in the text content, for clients that do not read structured content.
    assert.deepEqual(JSON.parse(styles.text), styles.data);
    assert.deepEqual((await call(client, 'get_credit_balance')).data, { left: 1000 });
  });

  test('creates a cover at once, with an image URL that serves the picture', async () => {
    const styles = await call(client, 'list_cover_styles');
    const cover = await call(client, 'create_cover', {
      template: styles.data.styles[0].id,
      content: '新品发布\n今晚八点直播',
    });
    assert.equal(cover.isError, false, cover.text);
    const img = await fetch(cover.data.url);
    assert.equal(img.status, 200);
    assert.equal(img.headers.get('content-type'), 'image/jpeg');
  });

  test('Avatar / Clone by Image, then a talking video from text: task ids, waiting with progress, a real MP4', async () => {
    const fileId = await upload(server, token, 'jpg', await readFile(facePhoto(1)));
    const cloned = await call(client, 'clone_avatar_by_image', { file_id: fileId, title: 'Agent' });
    assert.equal(cloned.isError, false, cloned.text);
    assert.equal(cloned.data.asset.category, 'avatar');
    assert.equal(cloned.data.paid_plan_required.required, false);
    const avatar = cloned.data.asset.id as string;

    const progress: number[] = [];
    const waited = (await client.callTool(
      { name: 'wait_for_task', arguments: { task_id: cloned.data.task.id, timeout_seconds: 60 } },
      undefined,
      { onprogress: (p) => progress.push(p.progress) },
    )) as CallToolResult;
    const avatarTask = waited.structuredContent as Json;
    assert.equal(avatarTask.status, 3, textOf(waited));
    assert.equal(avatarTask.kind, 'avatar');
    assert.equal(avatarTask.avatar, avatar);
    assert.ok(progress.length >= 1 && progress.at(-1) === 100, `progress notifications: ${progress}`);

    const created = await call(client, 'create_video_by_text', {
      text: '你好，欢迎。',
      avatar,
      voice: 'pub-zh-xiaoyun',
      subtitles: true,
    });
    assert.equal(created.isError, false, created.text);
    assert.match(created.data.next_step, /wait_for_task/);
    const done = await call(client, 'wait_for_task', { task_id: created.data.task_id, timeout_seconds: 90 });
    assert.equal(done.data.status, 3, done.text);
    assert.equal(done.data.kind, 'work');
    assert.equal(done.data.done, true);
    assert.equal(done.data.timed_out, false);
    const { info } = await download(done.data.video_url, dir, 'mcp.mp4');
    assert.equal(info.video?.codec, 'h264');
    assert.equal(info.audio?.codec, 'aac');
    assert.ok(info.durationSec > 0.5, `duration ${info.durationSec}`);

    const again = await call(client, 'get_task', { task_id: created.data.task_id });
    assert.equal(again.data.status, 3);
    assert.equal(again.data.video_url.split('?')[0], done.data.video_url.split('?')[0]);
  });

  test('audio from text and a video driven by audio', async () => {
    const audio = await call(client, 'create_audio_by_text', { text: 'Hello there.', voice: 'pub-en-emma' });
    assert.equal(audio.isError, false, audio.text);
    const tone = await makeTone(join(dir, 'drive.wav'), 5.2);
    const fileId = await upload(server, token, 'wav', await readFile(tone));
    const video = await call(client, 'create_video_by_audio', { file_id: fileId, avatar: 'pub-avatar-lin' });
    assert.equal(video.isError, false, video.text);

    const a = await call(client, 'wait_for_task', { task_id: audio.data.task_id, timeout_seconds: 60 });
    assert.equal(a.data.status, 3, a.text);
    const mp3 = await download(a.data.video_url, dir, 'speech.mp3');
    assert.equal(mp3.info.audio?.codec, 'mp3');
    assert.ok(a.data.duration >= 1);

    const v = await call(client, 'wait_for_task', { task_id: video.data.task_id, timeout_seconds: 110 });
    assert.equal(v.data.status, 3, v.text);
    assert.ok(v.data.duration >= 5, `duration ${v.data.duration}`);
  });

  test('wait_for_task returns while a task still runs (timed_out) so the agent can call again', async () => {
    const created = await call(client, 'create_video_by_text', {
      text: 'One moment, please. This video takes a few seconds to render, longer than one second.',
      avatar: 'pub-avatar-alex',
      voice: 'pub-en-james',
    });
    const early = await call(client, 'wait_for_task', { task_id: created.data.task_id, timeout_seconds: 1 });
    assert.equal(early.isError, false, early.text);
    assert.equal(early.data.done, false);
    assert.equal(early.data.timed_out, true);
    assert.ok([1, 2].includes(early.data.status));
    const done = await call(client, 'wait_for_task', { task_id: created.data.task_id, timeout_seconds: 90 });
    assert.equal(done.data.status, 3, done.text);
    assert.equal(done.data.timed_out, false);
  });

  test('domain failures are tool errors with the API code; bad arguments are refused by the schema', async () => {
    const unknownVoice = await call(client, 'create_video_by_text', {
      text: 'hi',
      avatar: 'pub-avatar-lin',
      voice: 'no-such-voice',
    });
    assert.equal(unknownVoice.isError, true);
    assert.equal(unknownVoice.data.code, 14);
    assert.match(unknownVoice.text, /^error 14: voice 'no-such-voice'/);

    const tooLong = await call(client, 'create_audio_by_text', {
      text: 'x'.repeat(10001),
      voice: 'pub-en-emma',
    });
    assert.equal(tooLong.isError, true);
    assert.match(tooLong.text, /-32602|validation/i);

    const html = await call(client, 'create_audio_by_text', { text: '<b>bold</b>', voice: 'pub-en-emma' });
    assert.equal(html.isError, true, 'the service rules apply as in the HTTP API');

    const badUrl = await call(client, 'create_video_by_audio', {
      audio_url: 'file:///etc/passwd',
      avatar: 'pub-avatar-lin',
    });
    assert.equal(badUrl.isError, true);

    const task = await call(client, 'get_task', { task_id: 't_unknown' });
    assert.equal(task.isError, true);
    assert.equal(task.data.code, 14);

    const mp3 = await upload(server, token, 'mp3', Buffer.from('ID3'));
    const mismatch = await call(client, 'clone_avatar_by_image', { file_id: mp3 });
    assert.equal(mismatch.isError, true);
    assert.equal(mismatch.data.code, 1402, 'the clone API codes: asset category mismatch');
    assert.equal(mismatch.data.message, 'asset category mismatch');
    assert.match(mismatch.text, /^error 1402 \(asset category mismatch\): /);
  });

  test('the clone tool reports the plan it needs; agent-platform tokens need svc_id for covers', async () => {
    const free = await createAccount(server, { credits: 100, plan: 'free' });
    const freeClient = await connect(server, `Bearer ${free.token}`);
    const fileId = await upload(server, free.token, 'jpg', await readFile(facePhoto(2)));
    const r = await call(freeClient, 'clone_avatar_by_image', { file_id: fileId });
    assert.equal(r.isError, true);
    assert.equal(r.data.code, 1409);
    assert.deepEqual(r.data.paid_plan_required, {
      required: true,
      minimum_plan: 'basic',
      current_plan: 'free',
    });
    assert.match(r.text, /paid_plan_required/, 'the agent reads it in the text too');
    assert.deepEqual(
      (await call(freeClient, 'get_credit_balance')).data,
      { left: 100 },
      'nothing was charged',
    );
    await freeClient.close();

    const agent = await createAccount(server, { agentPlatform: true });
    const agentClient = await connect(server, `Bearer ${agent.token}`);
    const without = await call(agentClient, 'list_cover_styles');
    assert.equal(without.isError, true);
    assert.equal(without.data.code, 11);
    assert.match(without.text, /svc_id/);
    const withId = await call(agentClient, 'list_cover_styles', { svc_id: 'user-42' });
    assert.equal(withId.isError, false, withId.text);
    await agentClient.close();
  });
});
