import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { TaskRepository } from '../../src/repositories/task.repository.js';
import { api, createAccount, startServer, upload, waitTask, type TestServer } from '../helpers/server.js';
import { expectedFor, OPS_BY_CATEGORY, type Expected, type OpName } from './corrupt-media-cases.js';
import { makeBaseMedia, makeCorruptMedia, type MediaFile } from './corrupt-media-fixtures.js';
import { pool, submit, type Partners } from './corrupt-media-ops.js';

/**
 * Corrupt media, driven through the real service over HTTP as a client would: 34 bad or odd files
 * through every operation that takes media. Each is refused at upload, or its task fails (status 4)
 * with a 2011–2016 code and a message that says what to fix, naming no path, storage key, account or
 * tool output; nothing stays in progress; nothing completes that should fail.
 *
 * `npm test` runs the fast part: every file through the operations of its kind that need no render
 * (avatars, voices, clone) plus create_by_audio with the file as audio or video_file_id.
 * LIKENESS_RELIABILITY=full runs every file through every operation (renders included).
 */
const FULL = process.env.LIKENESS_RELIABILITY === 'full';

const FAST_OPS: ReadonlySet<OpName> = new Set<OpName>([
  'avatar/create_by_video',
  'create_by_audio video_file_id',
  'voice/create',
  'create_by_audio file_id',
  'avatar/create_by_image',
  'clone avatar/by_image',
]);

/** Operations whose task ends in a rendered video. */
const rendersVideo = (op: OpName) =>
  !['avatar/create_by_video', 'voice/create', 'avatar/create_by_image', 'clone avatar/by_image'].includes(op);

/** In the fast part: no render, and no face tracking inside a work. */
function inFastPart(op: OpName, expected: Expected): boolean {
  if (!FAST_OPS.has(op)) return false;
  if (!rendersVideo(op)) return true;
  return 'fails' in expected && expected.fails !== 2015;
}

/**
 * What must never reach a client: paths, storage keys, accounts, tool output. (A message may name
 * the file_id the client sent.)
 */
function assertNothingInternal(message: string, server: TestServer, accountId: string): void {
  const leaks: [string, boolean][] = [
    ['the data directory', message.includes(server.dataDir)],
    ['the temp directory', message.includes(tmpdir())],
    ['a path', /(^|[\s'"(=])\/[\w.-]+\//.test(message)],
    ['a storage key', /blobs|uploads\/|avatars\/|works\//.test(message)],
    ['the account', message.includes(accountId) || /\bacc_[a-z0-9]/.test(message)],
    [
      'tool output',
      /ffmpeg|ffprobe|exited with code|@ 0x|Invalid data found|moov atom|partial file|NAL unit|Vips|sharp/i.test(
        message,
      ),
    ],
  ];
  for (const [what, found] of leaks) assert.equal(found, false, `message discloses ${what}: ${message}`);
}

describe(
  'corrupt media through every operation that takes media',
  { timeout: FULL ? 1_200_000 : 240_000 },
  () => {
    let server: TestServer;
    let token: string;
    let accountId: string;
    let dir: string;
    let files: MediaFile[];
    let partners: Partners;
    const logged: Record<string, unknown>[] = [];

    before(async () => {
      dir = await mkdtemp(join(tmpdir(), 'likeness-corrupt-'));
      server = await startServer({ LIKENESS_WORKERS: '2' });
      // Keep what the handlers log (the level is silent): failures carry the task id and the detail.
      const log = server.container.log;
      for (const level of ['info', 'warn', 'error'] as const) {
        const original = log[level].bind(log);
        log[level] = ((obj: unknown, ...rest: unknown[]) => {
          if (obj && typeof obj === 'object') logged.push(obj as Record<string, unknown>);
          return (original as (...a: unknown[]) => void)(obj, ...rest);
        }) as typeof log.info;
      }
      ({ token, account_id: accountId } = await createAccount(server, { credits: 100_000, plan: 'pro' }));
      const base = await makeBaseMedia(dir);
      files = await makeCorruptMedia(dir, base);
      const templates = await api(server, 'GET', '/api/v2/svc/video/lively_templates', { token });
      partners = {
        audioFileId: await upload(server, token, 'wav', base.tone6),
        imageFileId: await upload(server, token, 'jpg', base.photo),
        template: templates.body.data[0].template,
      };
    });

    after(async () => {
      await server.close();
      await rm(dir, { recursive: true, force: true });
    });

    /** Uploads through the grant and the signed PUT; the PUT's answer when it is refused. */
    async function put(file: MediaFile): Promise<{ fileId: string; status: number; body: { code: number } }> {
      const grant = await api(server, 'POST', '/api/v2/svc/tool/create_upload_url', {
        token,
        body: { file_extension: file.ext },
      });
      assert.equal(grant.body.code, 0, JSON.stringify(grant.body));
      const res = await fetch(grant.body.upload_url, {
        method: 'PUT',
        headers: { 'content-type': grant.body.content_type },
        body: new Uint8Array(file.data),
      });
      return { fileId: grant.body.file_id, status: res.status, body: (await res.json()) as { code: number } };
    }

    async function check(file: MediaFile, op: OpName, fileId: string, expected: Expected) {
      const label = `${file.name} → ${op}`;
      const sent = await submit(server, token, op, fileId, partners);
      if ('refused' in sent) {
        // Refused at submission: acceptable only for a file refused at upload, or with the expected code.
        assert.ok(
          'refusedAtUpload' in expected || ('fails' in expected && sent.refused.code === expected.fails),
          `${label}: refused at submission: ${JSON.stringify(sent.refused)}`,
        );
        assertNothingInternal(sent.refused.message, server, accountId);
        return;
      }
      assert.ok(!('refusedAtUpload' in expected), `${label}: accepted a file that was never uploaded`);
      // A file that completes is real work (an avatar from a clip tracks every frame): on a busy
      // machine it is slow, not failed.
      const done = await waitTask(
        server,
        token,
        sent.query,
        sent.taskId,
        'completes' in expected ? 240_000 : 90_000,
      );
      if ('completes' in expected) {
        assert.equal(done.status, 3, `${label}: ${JSON.stringify(done)}`);
        return;
      }
      assert.equal(done.status, 4, `${label}: completed a file that should fail: ${JSON.stringify(done)}`);
      assert.equal(done.fail_code, expected.fails, `${label}: ${done.fail_reason}`);
      assert.match(done.fail_reason, expected.says, label);
      assertNothingInternal(done.fail_reason, server, accountId);
    }

    for (const category of ['video', 'audio', 'image'] as const) {
      test(`${category} files`, async (t) => {
        for (const file of files.filter((f) => f.category === category)) {
          const ops = OPS_BY_CATEGORY[category].filter(
            (op) => FULL || inFastPart(op, expectedFor(file.name, op)),
          );
          if (ops.length === 0) continue;
          await t.test(file.name, async () => {
            const uploaded = await put(file);
            const first = expectedFor(file.name, ops[0]!);
            if ('refusedAtUpload' in first) {
              assert.deepEqual(
                [uploaded.status, uploaded.body.code],
                [first.refusedAtUpload.status, first.refusedAtUpload.code],
              );
            } else {
              assert.equal(uploaded.status, 200, `${file.name}: upload ${JSON.stringify(uploaded.body)}`);
            }
            // The operations of one file run together: at most 4 works at once, under the limit of 5.
            await pool(
              5,
              ops.map((op) => () => check(file, op, uploaded.fileId, expectedFor(file.name, op))),
            );
          });
        }
      });
    }

    test('nothing is left waiting or processing, and failures are logged with their task id and detail', async () => {
      await server.container.queue.drain(60_000);
      const tasks = await new TaskRepository(server.container.db).allOf(accountId);
      const open = tasks.filter((t) => t.status === 1 || t.status === 2).map((t) => [t.id, t.type]);
      assert.deepEqual(open, []);
      const failed = tasks.filter((t) => t.status === 4 && t.error_message?.includes('is incomplete'));
      assert.ok(failed.length > 0);
      for (const task of failed) {
        const entry = logged.find((l) => l.taskId === task.id && l.error !== undefined);
        assert.ok(entry, `a log entry for task ${task.id}`);
        assert.match(JSON.stringify(entry), /ends before its declared length/);
      }
    });
  },
);
