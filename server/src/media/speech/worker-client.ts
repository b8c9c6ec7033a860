import { JOB_THREAD_NICENESS } from '../thread-priority.js';
import { WorkerThreadClient, workerEntry as threadEntry } from '../worker-thread.js';
import type { SpeechStats } from './analysis.js';
import type { LevelResult } from './level.js';
import type { EspeakEvent } from './timing.js';
import type { PostPlan } from './voice-plan.js';
import type { SynthRequest, WorkerRequest, WorkerResponse } from './worker-protocol.js';

export interface SynthOutput {
  sampleRate: number;
  samples: Int16Array;
  events: EspeakEvent[];
  /** Present when measureSec > 0. */
  stats?: SpeechStats;
}

type Ok = Extract<WorkerResponse, { ok: true }>;

/** How to start the speech worker next to `moduleUrl` (this module by default); see worker-thread.ts. */
export function workerEntry(moduleUrl: string = import.meta.url): { script: URL | string; eval: boolean } {
  return threadEntry(moduleUrl, 'speech-worker');
}

/**
 * One speech worker thread, started on first use and reused. Requests queue in the worker and run
 * one at a time. A crashed worker fails its pending requests and is replaced on the next request;
 * `close()` terminates it. An idle worker does not keep the process alive.
 */
export class SpeechWorkerClient {
  private readonly client = new WorkerThreadClient<WorkerRequest, WorkerResponse>(
    () => workerEntry(),
    'speech engine',
    // Jobs wait on it, never a request: the thread serving HTTP gets the CPU first.
    { niceness: JOB_THREAD_NICENESS },
  );

  async synthesize(req: Omit<SynthRequest, 'id' | 'kind'>, signal?: AbortSignal): Promise<SynthOutput> {
    const r = (await this.client.request({ ...req, kind: 'synth' }, { signal })) as Ok;
    if (!r.samples || !r.events || r.sampleRate === undefined) throw new Error('speech worker sent no audio');
    return { sampleRate: r.sampleRate, samples: r.samples, events: r.events, stats: r.stats };
  }

  /**
   * Transforms and levels synthesised samples into `outPath` in the worker (LevelRequest). The
   * samples' buffer is transferred. An abort drops the answer; the worker finishes the run.
   */
  async level(
    req: { ffmpeg: string; samples: Int16Array; sampleRate: number; plan: PostPlan; outPath: string },
    signal?: AbortSignal,
  ): Promise<LevelResult> {
    const r = (await this.client.request(
      { ...req, kind: 'level' },
      { transfer: [req.samples.buffer as ArrayBuffer], signal },
    )) as Ok;
    if (!r.level) throw new Error('speech worker sent no level');
    return r.level;
  }

  /** Decodes and analyses a voice sample in the worker; null when ffmpeg cannot decode it. */
  async analyseFile(
    req: { ffmpeg: string; input: string; maxSec: number },
    signal?: AbortSignal,
  ): Promise<(SpeechStats & { loudnessLufs: number }) | null> {
    const r = (await this.client.request({ ...req, kind: 'analyse-file' }, { signal })) as Ok;
    if (r.unreadable) return null;
    if (!r.stats || r.loudnessLufs === undefined) throw new Error('speech worker sent no analysis');
    return { ...r.stats, loudnessLufs: r.loudnessLufs };
  }

  close(): Promise<void> {
    return this.client.close();
  }
}
