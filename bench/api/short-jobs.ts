// The short jobs of bench/api's "short" phase: three clients, each submitting one job after another
// until stopped and waiting for each as a client does (polling every `pollMs`):
//   tts    POST /audio/create_by_tts (a sentence), polled on GET /video/task;
//   cover  POST /project/covers (drawn while the request waits) in the first style of
//          GET /project/cover_styles;
//   clone  POST /voice/create (voice_type 8, English) of an uploaded speech sample (media.ts:
//          makeSpeechSample, 10.6 s of a person reading), polled on GET /voice/task.
// An account may hold LIKENESS_MAX_VOICE_CLONES voices (20 by default) and clones cannot be
// deleted, so the clone client moves to the next of its accounts when one answers 1013 (limit), and
// stops when none is left. Every answer's code is counted, so refusals show.
import { readFile } from 'node:fs/promises';
import { svcClient, type Body } from '../lib/svc.js';

export interface JobTally {
  done: number;
  ms: number[];
  /** How many answers (submissions and final task states) had each code, e.g. "submit 0: 12". */
  codes: Map<string, number>;
}

const SENTENCE = 'City adds twelve bus lines, and service starts next Monday at six in the morning.';
const COVER_TEXT = 'City adds 12 bus lines. Service starts next Monday.';
const CLONE_LIMIT = 1013;

/** A raw call: the answer whatever its code. */
async function raw(base: string, token: string, method: 'GET' | 'POST', path: string, body?: Body) {
  const res = await fetch(`${base}/api/v2/svc${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as Body;
}

/**
 * Starts the three clients on `base`. `tokens` are the accounts (the first submits everything; the
 * others take over the clones in turn); `sample` is the voice sample file (WAV).
 */
export async function startShortJobs(base: string, tokens: string[], sample: string, pollMs: number) {
  const tallies = { tts: tally(), cover: tally(), clone: tally() };
  let running = true;
  const sleep = () => new Promise((r) => setTimeout(r, pollMs));
  const count = (t: JobTally, key: string) => t.codes.set(key, (t.codes.get(key) ?? 0) + 1);
  /** Polls a task until it ends; its final status (3 or 4) and code. */
  const until = async (token: string, path: string, taskId: unknown) => {
    for (;;) {
      await sleep();
      const task = await raw(base, token, 'GET', `${path}?task_id=${String(taskId)}`);
      if (task.code !== 0) return `poll ${String(task.code)}`;
      if (task.status === 3) return 'status 3';
      // A failed task says why: its code and message.
      if (task.status === 4)
        return `status 4, fail_code ${String(task.fail_code)}: ${String(task.fail_reason)}`;
    }
  };
  const loop = async (t: JobTally, job: () => Promise<boolean>) => {
    while (running) {
      const t0 = performance.now();
      try {
        if (!(await job())) return;
      } catch (e) {
        count(t, `error ${e instanceof Error ? e.message : String(e)}`);
        return;
      }
      t.ms.push(performance.now() - t0);
      t.done++;
    }
  };

  const token = tokens[0]!;
  const styles = await raw(base, token, 'GET', '/project/cover_styles');
  const template = String((styles.data as { id: string }[])[0]!.id);
  const samples: string[] = [];
  for (const tk of tokens) samples.push(await svcClient(base, tk).upload('wav', await readFile(sample)));

  const tts = loop(tallies.tts, async () => {
    const a = await raw(base, token, 'POST', '/audio/create_by_tts', {
      voice: 'pub-en-james',
      text: SENTENCE,
    });
    count(tallies.tts, `submit ${String(a.code)}`);
    if (a.code !== 0) return false;
    count(tallies.tts, await until(token, '/video/task', a.task_id));
    return true;
  });
  const cover = loop(tallies.cover, async () => {
    const a = await raw(base, token, 'POST', '/project/covers', { template, content: COVER_TEXT });
    count(tallies.cover, `answer ${String(a.code)}`);
    return a.code === 0;
  });
  let account = 0;
  const clone = loop(tallies.clone, async () => {
    for (;;) {
      const body = {
        title: `bench ${tallies.clone.done}`,
        voice_type: 8,
        file_id: samples[account],
        languages: 'en',
      };
      const a = await raw(base, tokens[account]!, 'POST', '/voice/create', body);
      count(tallies.clone, `submit ${String(a.code)}`);
      if (a.code === CLONE_LIMIT && ++account < tokens.length) continue;
      if (a.code !== 0) return false;
      count(tallies.clone, await until(tokens[account]!, '/voice/task', a.task_id));
      return true;
    }
  });
  const all = Promise.all([tts, cover, clone]);
  return {
    tallies,
    /** Stops submitting; resolves when each client's current job has ended. */
    async stop() {
      running = false;
      await all;
      return tallies;
    },
  };
}

function tally(): JobTally {
  return { done: 0, ms: [], codes: new Map() };
}

/** One line per kind: how many ran, their median time, and the codes answered. */
export function tallyLines(tallies: Record<string, JobTally>): string[] {
  return Object.entries(tallies).map(([kind, t]) => {
    const sorted = [...t.ms].sort((a, b) => a - b);
    const median = sorted.length ? `${(sorted[Math.floor(sorted.length / 2)]! / 1000).toFixed(1)} s` : '–';
    const codes = [...t.codes].map(([k, n]) => `${k}: ${n}`).join(', ');
    return `  ${kind.padEnd(6)} ${String(t.done).padStart(3)} done, median ${median} each (${codes})`;
  });
}
