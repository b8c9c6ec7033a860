// The calls a user's client makes, where the footage bench needs more than bench/lib/svc.ts gives:
// a refusal is a result to report (not an exception), tasks are polled once a second as real
// clients poll them, and the avatar's stored face report is read through the console's API.
import { writeFile } from 'node:fs/promises';
import { svc, type Body } from '../lib/svc.js';

/** How often a task is polled; render and avatar times are this coarse. */
export const POLL_MS = 1000;
/** A task still running after this is reported as timed out and the bench goes on. */
export const TASK_TIMEOUT_MS = 10 * 60_000;

/** A task's last answer and the seconds from its submission to that answer. */
export interface Settled {
  task: Body;
  seconds: number;
}

export function footageClient(base: string, token: string) {
  const get = (path: string) => svc(base, token, 'GET', path);
  return {
    /** POSTs to the generation API; the answer whatever its code (a code other than 0 is a refusal). */
    async post(path: string, body: Body): Promise<Body> {
      const res = await fetch(`${base}/api/v2/svc${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return (await res.json()) as Body;
    },

    /**
     * Polls until the task completes (3) or fails (4); `t0` is when it was submitted. Throws only
     * when it is still running after TASK_TIMEOUT_MS.
     */
    async settle(path: '/avatar/task' | '/video/task', taskId: unknown, t0: number): Promise<Settled> {
      for (;;) {
        const task = await get(`${path}?task_id=${String(taskId)}`);
        const seconds = (performance.now() - t0) / 1000;
        if (task.status === 3 || task.status === 4) return { task, seconds };
        if (seconds * 1000 > TASK_TIMEOUT_MS) {
          throw new Error(
            `task ${String(taskId)} still at status ${String(task.status)} after ${seconds.toFixed(0)} s`,
          );
        }
        await new Promise((r) => setTimeout(r, POLL_MS));
      }
    },
  };
}

/** A refusal or failure as one line: "code 2014: the avatar video must last …". */
export function reasonOf(answer: Body): string {
  const code = answer.fail_code ?? answer.code;
  const why = answer.fail_reason ?? answer.message;
  return `code ${String(code)}: ${String(why)}`;
}

export async function download(url: unknown, path: string): Promise<string> {
  const res = await fetch(String(url));
  if (res.status !== 200) throw new Error(`download: HTTP ${res.status}`);
  await writeFile(path, Buffer.from(await res.arrayBuffer()));
  return path;
}

/**
 * Signs in to the console with the account's token, as its sign-in page does, and returns a reader
 * of an avatar's stored face report (the console's GET /avatars lists it with every figure the face
 * tracker recorded, faceFoundShare among them; the API's avatar task answers only part of it).
 */
export async function consoleFaceReports(
  base: string,
  token: string,
): Promise<(avatar: string) => Promise<Record<string, unknown> | null>> {
  // Same-origin metadata, as the console's own page sends it (the console refuses cross-site calls).
  const headers = { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' };
  const signIn = await fetch(`${base}/console/api/session`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ token }),
  });
  const cookie = signIn.headers.get('set-cookie')?.split(';')[0];
  if (signIn.status !== 200 || !cookie) throw new Error(`console sign-in: HTTP ${signIn.status}`);
  return async (avatar) => {
    const res = await fetch(`${base}/console/api/avatars?kind=1`, { headers: { ...headers, cookie } });
    if (res.status !== 200) throw new Error(`console avatars: HTTP ${res.status}`);
    const list = (await res.json()) as { data: { avatar: string; face: Record<string, unknown> | null }[] };
    return list.data.find((a) => a.avatar === avatar)?.face ?? null;
  };
}
