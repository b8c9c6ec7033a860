import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { AvatarRepository } from '../../src/repositories/avatar.repository.js';
import { api, createAccount, startServer, upload, type TestServer } from '../helpers/server.js';
import { taggingTranslationEngine } from '../helpers/translation.js';

describe('limits, plans and ownership', () => {
  let server: TestServer;
  let avatar: string;
  before(async () => {
    server = await startServer(
      {
        LIKENESS_PLAN_GATES: 'on',
        LIKENESS_MAX_ACTIVE_WORKS: '2',
        LIKENESS_MAX_DAILY_WORKS: '3',
        LIKENESS_MAX_VOICE_CLONES: '1',
      },
      { translationEngines: [taggingTranslationEngine()] },
    );
    // Submissions only: nothing renders, so tasks stay in progress.
    await server.container.queue.stop();
    const { token } = await createAccount(server);
    avatar = (await api(server, 'GET', '/api/v2/svc/avatar/list', { token, query: { kind: 2 } })).body.data[0]
      .avatar;
  });
  after(() => server.close());

  const tts = (token: string) =>
    api(server, 'POST', '/api/v2/svc/video/create_by_tts', {
      token,
      body: { text: 'hello there', voice: 'pub-en-emma', avatar },
    });

  test('text with nothing to speak is refused at the door with 11, in every operation that takes text', async () => {
    const { token } = await createAccount(server);
    const template = (await api(server, 'GET', '/api/v2/svc/video/lively_templates', { token })).body.data[0]
      .template;
    const calls: [string, Record<string, unknown>][] = [
      ['/api/v2/svc/video/create_by_tts', { voice: 'pub-en-emma', avatar }],
      ['/api/v2/svc/video/create_by_template', { template, voice: 'pub-en-emma', avatar }],
      ['/api/v2/svc/video/create_by_image', { image_file_id: 'f_none', voice: 'pub-en-emma' }],
      ['/api/v2/svc/audio/create_by_tts', { voice: 'pub-en-emma' }],
    ];
    for (const [path, body] of calls) {
      for (const text of ['   ', '...', '<br/>']) {
        const r = await api(server, 'POST', path, { token, body: { ...body, text } });
        assert.equal(r.status, 200);
        assert.equal(r.body.code, 11, `${path} ${JSON.stringify(text)}: ${JSON.stringify(r.body)}`);
        assert.match(r.body.message, /text (is empty|has nothing to speak)|without HTML tags/);
      }
    }
  });

  test('works in progress (1001) and works per day (1015)', async () => {
    const { token } = await createAccount(server);
    const a = await tts(token);
    const b = await tts(token);
    assert.equal(a.body.code, 0);
    assert.equal(b.body.code, 0);
    const c = await tts(token);
    assert.equal(c.body.code, 1001);
    assert.match(c.body.message, /2 works are already being generated/);
    const del = await api(server, 'DELETE', '/api/v2/svc/video/task', {
      token,
      query: { task_id: a.body.task_id },
    });
    assert.equal(del.body.code, 0);
    assert.equal((await tts(token)).body.code, 0);
    await api(server, 'DELETE', '/api/v2/svc/video/task', { token, query: { task_id: b.body.task_id } });
    const d = await tts(token);
    assert.equal(d.body.code, 1015);
    assert.match(d.body.message, /daily limit of 3/);
  });

  test('deleting an unfinished task cancels and refunds it; the task is then gone', async () => {
    const { token } = await createAccount(server, { credits: 100 });
    const t = await tts(token);
    const before = (await api(server, 'GET', '/api/v2/svc/account/credit', { token })).body.left;
    assert.ok(before < 100);
    await api(server, 'DELETE', '/api/v2/svc/video/task', { token, query: { task_id: t.body.task_id } });
    assert.equal((await api(server, 'GET', '/api/v2/svc/account/credit', { token })).body.left, 100);
    const q = await api(server, 'GET', '/api/v2/svc/video/task', {
      token,
      query: { task_id: t.body.task_id },
    });
    assert.equal(q.body.code, 14);
  });

  test('voice clones (1013) and plan minimums (1005, 1006)', async () => {
    const { token } = await createAccount(server, { plan: 'basic' });
    const wav = await upload(server, token, 'wav', Buffer.alloc(2000));
    const first = await api(server, 'POST', '/api/v2/svc/voice/create', {
      token,
      body: { title: 'me', voice_type: 8, file_id: wav },
    });
    assert.equal(first.body.code, 0);
    const second = await api(server, 'POST', '/api/v2/svc/voice/create', {
      token,
      body: { title: 'me2', voice_type: 8, file_id: wav },
    });
    assert.equal(second.body.code, 1013);
    const mp4 = await upload(server, token, 'mp4', Buffer.alloc(2000));
    const tr = await api(server, 'POST', '/api/v2/svc/video/translate', {
      token,
      body: { video_file_id: mp4, target_language_code: 'es' },
    });
    assert.equal(tr.body.code, 1006);
    assert.match(tr.body.message, /plan 'pro'/);
    const free = await createAccount(server, { plan: 'free' });
    const f = await api(server, 'POST', '/api/v2/svc/voice/create', {
      token: free.token,
      body: { title: 'me', voice_type: 8, audio_url: 'http://127.0.0.1/x.wav' },
    });
    assert.equal(f.body.code, 1005);
    const badLang = await api(server, 'POST', '/api/v2/svc/video/translate', {
      token: (await createAccount(server)).token,
      body: { video_file_id: 'x', target_language_code: 'xx' },
    });
    assert.equal(badLang.body.code, 11);
    // The set is the server's engines': it names what it translates.
    assert.match(
      badLang.body.message,
      /target_language_code must be one of es on this server \(it translates speech in en\); got 'xx'/,
    );
  });

  test('agent-platform tokens need svc_id on cover_styles and covers', async () => {
    const agent = await createAccount(server, { agentPlatform: true });
    const no = await api(server, 'GET', '/api/v2/svc/project/cover_styles', { token: agent.token });
    assert.equal(no.body.code, 11);
    assert.match(no.body.message, /svc_id is required/);
    const yes = await api(server, 'GET', '/api/v2/svc/project/cover_styles', {
      token: agent.token,
      query: { svc_id: 'user-1' },
    });
    assert.equal(yes.body.code, 0);
    assert.ok(yes.body.total >= 6);
    assert.deepEqual(yes.body.data[0].slots, []);
    const plain = await createAccount(server);
    assert.equal(
      (await api(server, 'GET', '/api/v2/svc/project/cover_styles', { token: plain.token })).body.code,
      0,
    );
    const cover = await api(server, 'POST', '/api/v2/svc/project/covers', {
      token: agent.token,
      body: { template: yes.body.data[0].id, content: 'hi' },
    });
    assert.equal(cover.body.code, 11);
  });

  test("another account's objects look exactly like missing ones", async () => {
    const a = await createAccount(server);
    const b = await createAccount(server);
    const t = await tts(a.token);
    for (const [path, q] of [
      ['/api/v2/svc/video/task', { task_id: t.body.task_id }],
      ['/api/v2/svc/avatar/task', { task_id: t.body.task_id }],
      ['/api/v2/svc/voice/task', { task_id: t.body.task_id }],
    ] as const) {
      const r = await api(server, 'GET', path, { token: b.token, query: q });
      assert.equal(r.body.code, 14, path);
    }
    const del = await api(server, 'DELETE', '/api/v2/svc/video/task', {
      token: b.token,
      query: { task_id: t.body.task_id },
    });
    assert.equal(del.body.code, 14);
    const still = await api(server, 'GET', '/api/v2/svc/video/task', {
      token: a.token,
      query: { task_id: t.body.task_id },
    });
    assert.equal(still.body.code, 0);
  });

  test("public, team and other accounts' avatars cannot be deleted and stay intact", async () => {
    const a = await createAccount(server);
    const b = await createAccount(server);
    const pub = await api(server, 'DELETE', '/api/v2/svc/avatar', { token: a.token, query: { avatar } });
    assert.equal(pub.body.code, 11);
    assert.match(pub.body.message, /public avatar/);
    const svc = server.container.services;
    let made = 0;
    const mk = async (owner: string, scope: string) => {
      const id = `av_test_${scope}_${++made}`;
      const acc = await svc.accounts.resolve({ token: owner });
      await new AvatarRepository(server.container.db).create({
        id,
        account_id: acc!.id,
        scope,
        title: scope,
        source: 'image',
        source_key: null,
        state: 'ready',
        media_key: null,
        media_kind: 'image',
        width: 720,
        height: 1280,
        duration_sec: null,
        face: null,
        motion: 'subtle',
        task_id: null,
        created_at: new Date().toISOString(),
        deleted_at: null,
      });
      return id;
    };
    const team = await mk(a.token, 'team');
    const own = await mk(a.token, 'private');
    const t = await api(server, 'DELETE', '/api/v2/svc/avatar', { token: a.token, query: { avatar: team } });
    assert.equal(t.body.code, 11);
    assert.match(t.body.message, /team space/);
    const other = await api(server, 'DELETE', '/api/v2/svc/avatar', {
      token: b.token,
      query: { avatar: own },
    });
    assert.equal(other.body.code, 14);
    const list = await api(server, 'GET', '/api/v2/svc/avatar/list', { token: a.token, query: { kind: 1 } });
    assert.deepEqual(list.body.data.map((x: { avatar: string }) => x.avatar).sort(), [own, team].sort());
    assert.equal(
      (
        await api(server, 'GET', '/api/v2/svc/avatar/list', { token: a.token, query: { kind: 2 } })
      ).body.data.some((x: { avatar: string }) => x.avatar === avatar),
      true,
    );
    const mine = await api(server, 'DELETE', '/api/v2/svc/avatar', {
      token: a.token,
      query: { avatar: own },
    });
    assert.equal(mine.body.code, 0);
    const after = await api(server, 'GET', '/api/v2/svc/avatar/list', { token: a.token, query: { kind: 0 } });
    const ids = after.body.data.map((x: { avatar: string; kind: number }) => x.avatar);
    assert.ok(!ids.includes(own));
    assert.equal(after.body.data[0].kind, 1, 'kind 0 lists own avatars first');
  });

  test('video/task DELETE refuses translate, sing and image-driven task ids', async () => {
    const { token } = await createAccount(server, { plan: 'pro' });
    const img = await upload(server, token, 'png', Buffer.alloc(2000));
    const song = await upload(server, token, 'mp3', Buffer.alloc(2000));
    const sing = await api(server, 'POST', '/api/v2/svc/video/create_by_sing', {
      token,
      body: { image_file_id: img, audio_file_id: song },
    });
    assert.equal(sing.body.code, 0);
    const r = await api(server, 'DELETE', '/api/v2/svc/video/task', {
      token,
      query: { task_id: sing.body.task_id },
    });
    assert.equal(r.body.code, 11);
    assert.match(r.body.message, /only ordinary video creation tasks/);
    const q = await api(server, 'GET', '/api/v2/svc/video/task', {
      token,
      query: { task_id: sing.body.task_id },
    });
    assert.equal(q.body.code, 0);
    assert.equal('duration' in q.body, false);
  });

  test('clone: code 16 past the per-account rate limit, counted once whether the call comes over HTTP or MCP', async () => {
    const limited = await startServer({ LIKENESS_CLONE_RATE_PER_MIN: '2' });
    const mcp = new Client({ name: 'likeness-test', version: '1.0.0' });
    try {
      const { token } = await createAccount(limited);
      await mcp.connect(
        new StreamableHTTPClientTransport(new URL(`${limited.url}/mcp`), {
          requestInit: { headers: { authorization: `Bearer ${token}` } },
        }),
      );
      const overHttp = async () => {
        const r = await api(limited, 'POST', '/api/app/v1/clone/avatar/by_image', {
          token,
          body: { file_id: 'file_missing' },
        });
        if (r.body.code === 16) {
          assert.equal(r.status, 429);
          assert.equal(r.body.message, 'rate limit');
        }
        return r.body.code as number;
      };
      const overMcp = async () => {
        const r = (await mcp.callTool({
          name: 'clone_avatar_by_image',
          arguments: { file_id: 'file_missing' },
        })) as CallToolResult;
        assert.equal(r.isError, true);
        return (r._meta?.['likeness/error'] as { code: number }).code;
      };
      const codes = [await overHttp(), await overMcp(), await overHttp(), await overMcp()];
      assert.deepEqual(codes, [12, 12, 16, 16], 'two calls a minute in all, whatever the route');
    } finally {
      await mcp.close();
      await limited.close();
    }
  });

  test('same video_url sent just as its avatar finishes: the new task still completes with that avatar', async () => {
    const { token } = await createAccount(server);
    const url = 'http://127.0.0.1:9/same.mp4';
    const first = await api(server, 'POST', '/api/v2/svc/avatar/create_by_video', {
      token,
      body: { video_url: url },
    });
    const firstTask = (await server.container.services.tasks.getForJob(first.body.task_id))!;
    // The job finishes: avatar ready, its task completed.
    await new AvatarRepository(server.container.db).update(firstTask.subject_id!, { state: 'ready' });
    await server.container.services.tasks.complete(firstTask.id, { avatar: firstTask.subject_id! });
    // ...but the second submission's lookup ran just before, and saw it still pending.
    type Repo = { findBySource: (...a: unknown[]) => Promise<{ state: string } | undefined> };
    const repo = (server.container.services.avatars as unknown as { avatars: Repo }).avatars;
    const original = repo.findBySource;
    repo.findBySource = async (...a: unknown[]) => {
      const row = await original.apply(repo, a);
      return row && { ...row, state: 'pending' };
    };
    try {
      const second = await api(server, 'POST', '/api/v2/svc/avatar/create_by_video', {
        token,
        body: { video_url: url },
      });
      const q = await api(server, 'GET', '/api/v2/svc/avatar/task', {
        token,
        query: { task_id: second.body.task_id },
      });
      assert.equal(q.body.status, 3);
      assert.equal(q.body.avatar, firstTask.subject_id);
    } finally {
      repo.findBySource = original;
    }
  });
});
