import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { workerEntry } from '../worker-thread.js';
import { probeSpeech } from './inputs.js';
import {
  deserialiseError,
  serialiseError,
  type RenderSoundtrackMessage,
  type RenderStartMessage,
  type RenderThreadInput,
  type RenderThreadMessage,
  type RenderWarmUpVideo,
} from './render-protocol.js';
import type { TalkingVideoResult } from './render-video.js';
import { buildSoundtrack, type SoundtrackReport } from './soundtrack.js';
import type { MediaBins, RenderOptions, TalkingVideoJob } from './types.js';

/**
 * Nice value of a render's thread and its ffmpeg processes unless RenderOptions.niceness says
 * otherwise: low enough that the API's thread (nice 0) gets the CPU first when both want it, which
 * on a small machine is what keeps polled queries fast while videos render.
 */
export const RENDER_NICENESS = 10;

/**
 * A render thread started ahead of need, at RENDER_NICENESS (booting one takes ~0.1 s: Node and
 * the modules load; it then warms up the per-frame code while it waits, ~0.6 s of its own time),
 * and the flag it raises when its warm-up is over (render-thread.ts).
 */
let spare: Worker | null = null;
let spareWarmed: Int32Array | null = null;

/** A render thread that waits for its render at `niceness`, warming up if asked (render-thread.ts). */
function bootRenderThread(
  niceness: number,
  warmUp: boolean,
  warmUpVideo?: RenderWarmUpVideo,
  warmed?: Int32Array,
): Worker {
  const entry = workerEntry(import.meta.url, 'render-thread');
  return new Worker(entry.script, {
    eval: entry.eval,
    workerData: { niceness, warmUp, warmUpVideo, warmed },
  });
}

/**
 * Starts a render thread ahead of need, unless one is ready: the next render then skips the boot
 * and, once the thread has warmed up, finds its per-frame code compiled; with `video`, the thread
 * then also makes a whole made-up render (a process's first thread: decision S27).
 * It waits, idle and unreferenced (the process may exit past it), until a render takes it.
 */
export function warmRenderThread(video?: RenderWarmUpVideo): void {
  if (spare) return;
  const warmed = new Int32Array(new SharedArrayBuffer(4));
  waitAsSpare(bootRenderThread(RENDER_NICENESS, true, video, warmed));
  spareWarmed = warmed;
}

/** Atomics.waitAsync (ES2024, in Node since 16), typed here: the project's library is ES2022. */
const waitAsync = (
  Atomics as unknown as {
    waitAsync(
      flag: Int32Array,
      index: number,
      value: number,
      timeoutMs: number,
    ): { async: false; value: string } | { async: true; value: Promise<string> };
  }
).waitAsync;

/**
 * Resolves when the spare thread's warm-up is over ('warmed'), at once without a spare or once a
 * render has taken it ('none'), or after `limitMs` ('timed-out'). A start awaits it, so that the
 * warm-up does not compete with the first clients. It waits on a shared flag, not a message: a
 * 'message' listener on an idle, unreferenced worker delays the messages of the render that later
 * takes it (docs/notes.md).
 */
export async function renderThreadWarmed(limitMs = 10_000): Promise<'warmed' | 'timed-out' | 'none'> {
  const flag = spare ? spareWarmed : null;
  if (!flag) return 'none';
  const wait = waitAsync(flag, 0, 0, limitMs);
  if (!wait.async) return 'warmed'; // raised already
  // The wait holds nothing open by itself, and the spare is unreferenced: keep the process alive.
  const keepAlive = setTimeout(() => undefined, limitMs + 1000);
  try {
    return (await wait.value) === 'timed-out' ? 'timed-out' : 'warmed';
  } finally {
    clearTimeout(keepAlive);
  }
}

/** Makes `worker` the spare: idle and unreferenced, forgotten if it ends. */
function waitAsSpare(worker: Worker): void {
  worker.removeAllListeners();
  worker.unref();
  const forget = () => {
    if (spare !== worker) return;
    // A thread that ended will not say its warm-up is over: say it for it.
    if (spareWarmed) {
      Atomics.store(spareWarmed, 0, 1);
      Atomics.notify(spareWarmed, 0);
    }
    spare = null;
    spareWarmed = null;
  };
  worker.once('exit', forget);
  worker.once('error', forget);
  spare = worker;
  spareWarmed = null;
}

/** Renders one thread does before it ends anyway, however small its heap stays. */
const MAX_RENDERS_PER_THREAD = 25;
/** Renders each live thread has done. */
const rendersDone = new WeakMap<Worker, number>();

/**
 * Keeps a thread that has just rendered as the spare (its per-frame code compiled, where a new
 * spare would still be compiling it), if no spare is waiting, the thread said it can take another
 * render, runs at the spare's nice value and has not done its share. Returns whether it was kept.
 */
function keepAsSpare(worker: Worker, niceness: number, reusable: boolean): boolean {
  const done = (rendersDone.get(worker) ?? 0) + 1;
  if (spare || !reusable || niceness !== RENDER_NICENESS || done >= MAX_RENDERS_PER_THREAD) return false;
  rendersDone.set(worker, done);
  waitAsSpare(worker);
  return true;
}

/** The waiting spare thread's id (null: none), so that tests can tell a kept thread from a new one. */
export function spareRenderThreadId(): number | null {
  return spare?.threadId ?? null;
}

/**
 * The ready thread if there is one and the render may run at its nice value (a thread cannot raise
 * its own priority), else a new one.
 */
function takeRenderThread(niceness: number): Worker {
  const ready = spare && niceness >= RENDER_NICENESS ? spare : null;
  if (ready) {
    spare = null;
    spareWarmed = null;
  }
  const worker = ready ?? bootRenderThread(niceness, false);
  worker.removeAllListeners();
  worker.ref();
  return worker;
}

/**
 * Renders a talking video (see renderTalkingVideoInThread for what it makes) in a worker thread of
 * its own, started for this render or just ahead of it (warmRenderThread), or kept from the
 * previous render (keepAsSpare): frames never touch the calling thread's event loop or heap. The soundtrack is built here, beside
 * that thread; a render that fails settles once its soundtrack's passes have ended too. Progress, abort and errors (with their classes and causes: ComposeInputError,
 * FfmpegError, MediaTimeoutError, MediaDefectError, AvatarStreamEndedError; see render-protocol.ts)
 * behave as if the render ran here. An aborted render
 * settles only once the worker has killed its ffmpeg and removed its working folder, and rejects
 * with the signal's reason.
 */
export function renderTalkingVideo(
  bins: MediaBins,
  job: TalkingVideoJob,
  opts: RenderOptions = {},
): Promise<TalkingVideoResult> {
  const { signal } = opts;
  if (signal?.aborted) return Promise.reject(signal.reason ?? new Error('aborted'));
  const niceness = opts.niceness ?? RENDER_NICENESS;
  const input: RenderThreadInput = {
    bins: { ffmpeg: bins.ffmpeg, ffprobe: bins.ffprobe },
    job,
    tmpDir: opts.tmpDir,
    fontDirs: opts.fontDirs,
    niceness,
    regionCache: opts.regionCache,
    loopMemoryBytes: opts.loopMemoryBytes,
  };
  // The soundtrack (a few short ffmpeg passes) is built here while the render thread starts, probes
  // and plans the face motion: that thread's JavaScript would hold up each pass's end.
  const soundtrackDir = mkdtemp(path.join(opts.tmpDir ?? os.tmpdir(), 'likeness-soundtrack-'));
  const soundtrack = soundtrackDir.then(async (dir) =>
    buildSoundtrack(
      bins,
      job,
      job.speech.durationSec ?? (await probeSpeech(bins, job.speech.path, signal)),
      dir,
      // The final encode applies a linear gain itself, so it need not wait for a pass that writes it.
      { signal, niceness, foldGain: true },
    ),
  );
  const rendered = new Promise<TalkingVideoResult>((resolve, reject) => {
    const worker = takeRenderThread(niceness);
    try {
      // Throws (and so rejects) if the job holds something that cannot be cloned to another thread.
      worker.postMessage({ type: 'start', input } satisfies RenderStartMessage);
    } catch (err) {
      void worker.terminate();
      throw err;
    }
    let settled = false;
    const onAbort = () => worker.postMessage({ type: 'abort' });
    signal?.addEventListener('abort', onAbort, { once: true });
    const finish = (err: unknown, result?: TalkingVideoResult, reusable = false) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      if (err || !keepAsSpare(worker, niceness, reusable)) void worker.terminate();
      if (result && !err) resolve(result);
      else reject(signal?.aborted ? (signal.reason ?? err) : err);
    };
    const send = (m: RenderSoundtrackMessage) => {
      if (!settled) worker.postMessage(m);
    };
    soundtrack.then(
      (report: SoundtrackReport) => send({ type: 'soundtrack', report }),
      (err: unknown) => send({ type: 'soundtrack-failed', error: serialiseError(err) }),
    );
    worker.on('message', (m: RenderThreadMessage) => {
      if (m.type === 'progress') opts.onProgress?.(m.fraction);
      else if (m.type === 'done') finish(null, m.result, m.reusable);
      else finish(deserialiseError(m.error));
    });
    worker.on('error', (err) => finish(err));
    worker.on('exit', (code) =>
      finish(new Error(`the render thread ended (code ${code}) before the render`)),
    );
  });
  // The soundtrack's folder goes once the render no longer reads it and its passes have ended; a
  // thread is made ready for the next render.
  return rendered.finally(async () => {
    warmRenderThread();
    await soundtrack.catch(() => undefined);
    const dir = await soundtrackDir.catch(() => null);
    if (dir) await rm(dir, { recursive: true, force: true });
  });
}
