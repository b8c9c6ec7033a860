/** A JSON body or answer of the generation API. */
export type Body = Record<string, unknown>;

/** Calls the generation API of a running likeness; throws on any answer but code 0. */
export async function svc(
  base: string,
  token: string,
  method: 'GET' | 'POST',
  path: string,
  body?: Body,
): Promise<Body> {
  const res = await fetch(`${base}/api/v2/svc${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await res.json()) as Body;
  if (answer.code !== 0) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(answer)}`);
  return answer;
}

/** One account's calls to a running likeness: the API, signed uploads, and waiting for tasks. */
export function svcClient(base: string, token: string) {
  const call = (method: 'GET' | 'POST', path: string, body?: Body) => svc(base, token, method, path, body);
  return {
    call,
    /** Uploads `data` through `create_upload_url` and its signed PUT; the file_id. */
    async upload(ext: string, data: Buffer): Promise<string> {
      const grant = await call('POST', '/tool/create_upload_url', { file_extension: ext });
      const put = await fetch(String(grant.upload_url), {
        method: 'PUT',
        headers: { 'content-type': String(grant.content_type) },
        body: new Uint8Array(data),
      });
      if (put.status !== 200) throw new Error(`upload: HTTP ${put.status} ${await put.text()}`);
      return String(grant.file_id);
    },
    /** Polls a task every `everyMs` until it completes (status 3); throws if it fails or times out. */
    async wait(
      path: '/video/task' | '/avatar/task',
      taskId: unknown,
      opts: { everyMs?: number; timeoutMs?: number } = {},
    ): Promise<Body> {
      const { everyMs = 500, timeoutMs = 600_000 } = opts;
      for (const deadline = Date.now() + timeoutMs; Date.now() < deadline;) {
        const task = await call('GET', `${path}?task_id=${String(taskId)}`);
        if (task.status === 3) return task;
        if (task.status === 4) throw new Error(`task ${String(taskId)} failed: ${JSON.stringify(task)}`);
        await new Promise((r) => setTimeout(r, everyMs));
      }
      throw new Error(`task ${String(taskId)} did not finish within ${timeoutMs / 60_000} minutes`);
    },
  };
}
