import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  backoffDelay,
  ClientCode,
  DEFAULT_RETRY,
  LikenessClient,
  LimitError,
  NetworkError,
  InvalidParameterError,
  ServerError,
  TaskFailedError,
  TaskTimeoutError,
  type TaskProgress,
} from '../src/index.js';

/** A fetch that answers from a script, recording what was asked. */
function scripted(answers: (Response | Error)[]) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const f: typeof fetch = async (input, init) => {
    calls.push({ url: String(input), init });
    const next = answers.shift();
    if (!next) throw new Error('no more scripted answers');
    if (next instanceof Error) throw next;
    return next;
  };
  return { fetch: f, calls };
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

const client = (f: typeof fetch, retry: object | false = { retries: 3, minDelayMs: 1, maxDelayMs: 5 }) =>
  new LikenessClient({ baseUrl: 'http://svc.test/', token: 'lk_t', fetch: f, retry: retry as false });

describe('transport', () => {
  test('sends the token, JSON bodies and query strings to the right paths', async () => {
    const s = scripted([
      json({ code: 0, message: '', request_id: 'req_1', task_id: 't_1' }),
      json({ code: 0, message: '', request_id: 'req_2', data: [] }),
    ]);
    const c = client(s.fetch);
    assert.equal((await c.videos.createByTts({ text: 'hi', avatar: 'a', voice: 'v' })).task_id, 't_1');
    await c.avatars.list({ kind: 1, page: 2 });
    assert.equal(s.calls[0]!.url, 'http://svc.test/api/v2/svc/video/create_by_tts');
    assert.equal(s.calls[0]!.init!.method, 'POST');
    const h = s.calls[0]!.init!.headers as Record<string, string>;
    assert.equal(h.authorization, 'Bearer lk_t');
    assert.equal(h['content-type'], 'application/json');
    assert.deepEqual(JSON.parse(String(s.calls[0]!.init!.body)), { text: 'hi', avatar: 'a', voice: 'v' });
    assert.equal(s.calls[1]!.url, 'http://svc.test/api/v2/svc/avatar/list?kind=1&page=2');
  });

  test('network failures are retried, then reported as NetworkError', async () => {
    const ok = scripted([
      new TypeError('fetch failed'),
      new TypeError('fetch failed'),
      json({ code: 0, left: 5 }),
    ]);
    assert.equal((await client(ok.fetch).account.credit()).left, 5);
    assert.equal(ok.calls.length, 3);

    const down = scripted(
      [1, 2, 3, 4].map(() => new TypeError('fetch failed', { cause: new Error('ECONNREFUSED') })),
    );
    await assert.rejects(client(down.fetch).account.credit(), (e: unknown) => {
      assert.ok(e instanceof NetworkError);
      assert.equal(e.code, ClientCode.Network);
      assert.match(
        e.message,
        /could not reach http:\/\/svc.test\/api\/v2\/svc\/account\/credit: fetch failed \(ECONNREFUSED\)/,
      );
      return true;
    });
    assert.equal(down.calls.length, 4, 'the first try and 3 retries');

    const once = scripted([new TypeError('fetch failed')]);
    await assert.rejects(client(once.fetch, false).account.credit(), NetworkError);
    assert.equal(once.calls.length, 1, 'retry: false never retries');
  });

  test('1001 and a gateway answer are retried; other codes are not', async () => {
    const busy = scripted([
      json({ code: 1001, message: 'busy', request_id: 'req_a' }),
      new Response('<html>Bad Gateway</html>', { status: 502 }),
      json({ code: 0, message: '', request_id: 'req_c', task_id: 't_9' }),
    ]);
    assert.equal((await client(busy.fetch).audio.createByTts({ voice: 'v', text: 't' })).task_id, 't_9');
    assert.equal(busy.calls.length, 3);

    const exhausted = scripted([1, 2].map(() => json({ code: 1001, message: 'busy', request_id: 'req_x' })));
    await assert.rejects(
      client(exhausted.fetch, { retries: 1, minDelayMs: 1 }).audio.createByTts({ voice: 'v', text: 't' }),
      (e: unknown) => e instanceof LimitError && e.code === 1001 && e.requestId === 'req_x',
    );

    const invalid = scripted([
      json({ code: 11, message: 'title must be at most 20 characters', request_id: 'req_b' }),
    ]);
    await assert.rejects(
      client(invalid.fetch).audio.createByTts({ voice: 'v', text: 't' }),
      InvalidParameterError,
    );
    assert.equal(invalid.calls.length, 1);

    const html = scripted([new Response('<html>oops</html>', { status: 500 })]);
    await assert.rejects(client(html.fetch).account.credit(), (e: unknown) => {
      assert.ok(e instanceof NetworkError);
      assert.equal(e.code, ClientCode.UnexpectedResponse);
      assert.equal(e.httpStatus, 500);
      return true;
    });
    const fault = scripted([json({ code: 99, message: 'internal server error', request_id: 'req_z' }, 500)]);
    await assert.rejects(client(fault.fetch).account.credit(), ServerError);
  });

  test("the clone API's rate limit (16) is retried, waiting at least Retry-After", async () => {
    const s = scripted([
      json({ code: 16, message: 'rate limit', detail: 'retry shortly', data: {} }, 429, {
        'retry-after': '1',
      }),
      json({ code: 0, message: 'ok', data: { items: [], next_cursor: '' } }),
    ]);
    const t0 = Date.now();
    assert.deepEqual(await client(s.fetch).clone.avatars(), { items: [], next_cursor: '' });
    assert.ok(Date.now() - t0 >= 950, 'waited for Retry-After');
  });

  test('backoff doubles from the minimum, stays under the ceiling, with jitter over the upper half', () => {
    const p = { retries: 5, minDelayMs: 100, maxDelayMs: 1000 };
    assert.equal(
      backoffDelay(p, 0, () => 0),
      50,
    );
    assert.equal(
      backoffDelay(p, 0, () => 1),
      100,
    );
    assert.equal(
      backoffDelay(p, 3, () => 1),
      800,
    );
    assert.equal(
      backoffDelay(p, 10, () => 1),
      1000,
    );
    assert.equal(
      backoffDelay(p, 10, () => 0),
      500,
    );
    assert.deepEqual(DEFAULT_RETRY, { retries: 5, minDelayMs: 500, maxDelayMs: 20_000 });
  });

  test('a time limit per request turns a hung call into a NetworkError', async () => {
    const hang: typeof fetch = (_u, init) =>
      new Promise((_r, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)));
    const c = new LikenessClient({
      baseUrl: 'http://svc.test',
      token: 't',
      fetch: hang,
      timeoutMs: 30,
      retry: false,
    });
    // The time limit's timer does not hold the process open (a real request's socket does).
    const keepAlive = setInterval(() => {}, 1000);
    try {
      await assert.rejects(
        c.account.credit(),
        /no answer from http:\/\/svc.test\/api\/v2\/svc\/account\/credit within 30 ms/,
      );
    } finally {
      clearInterval(keepAlive);
    }
  });

  test("the caller's abort is passed through, not retried", async () => {
    const ctl = new AbortController();
    const hang: typeof fetch = (_u, init) =>
      new Promise((_r, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)));
    const c = new LikenessClient({ baseUrl: 'http://svc.test', token: 't', fetch: hang });
    setTimeout(() => ctl.abort(new Error('stop')), 10);
    await assert.rejects(c.account.credit({ signal: ctl.signal }), /stop/);
  });
});

describe('waitForTask', () => {
  const task = (status: number, progress: number, extra: object = {}) =>
    json({
      code: 0,
      message: '',
      request_id: `req_${status}_${progress}`,
      status,
      progress,
      video_Url: '',
      ...extra,
    });

  test('polls until completed, reporting each change of status or progress once', async () => {
    const s = scripted([
      task(1, 0),
      task(2, 10),
      task(2, 10),
      task(2, 60),
      task(3, 100, { video_Url: 'http://x/v.mp4', duration: 2 }),
    ]);
    const seen: TaskProgress[] = [];
    const r = await client(s.fetch).waitForTask('t_1', {
      kind: 'work',
      intervalMs: 1,
      onProgress: (p) => seen.push(p),
    });
    assert.equal(r.video_Url, 'http://x/v.mp4');
    assert.deepEqual(
      seen.map((p) => [p.status, p.progress]),
      [
        [1, 0],
        [2, 10],
        [2, 60],
        [3, 100],
      ],
    );
    assert.ok(s.calls.every((c) => c.url === 'http://svc.test/api/v2/svc/video/task?task_id=t_1'));
  });

  test('without a kind, the first query that knows the task decides', async () => {
    const s = scripted([
      json({ code: 14, message: "task 't_2' was not found", request_id: 'r' }),
      json({ code: 0, message: '', request_id: 'r', status: 3, progress: 100, avatar: 'av_1' }),
    ]);
    const r = await client(s.fetch).waitForTask('t_2', { intervalMs: 1 });
    assert.ok('avatar' in r && r.avatar === 'av_1');
    assert.match(s.calls[1]!.url, /\/avatar\/task\?task_id=t_2$/);
  });

  test('a failed task throws its fail_code and fail_reason; a slow one times out', async () => {
    const failed = scripted([task(4, 30, { fail_code: 2015, fail_reason: 'no face in the image' })]);
    await assert.rejects(client(failed.fetch).waitForTask('t_3', { kind: 'work' }), (e: unknown) => {
      assert.ok(e instanceof TaskFailedError);
      assert.equal(e.code, 2015);
      assert.equal(e.message, 'no face in the image');
      assert.equal(e.taskId, 't_3');
      assert.equal(e.requestId, 'req_4_30');
      return true;
    });
    const slow = scripted(Array.from({ length: 50 }, () => task(2, 5)));
    await assert.rejects(
      client(slow.fetch).waitForTask('t_4', { kind: 'work', timeoutMs: 30, intervalMs: 5 }),
      (e: unknown) =>
        e instanceof TaskTimeoutError && e.lastStatus === 2 && e.code === ClientCode.TaskTimeout,
    );
  });
});
