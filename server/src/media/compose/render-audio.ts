import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { mp3Args } from '../ffmpeg/media-output-args.js';
import { probeMedia } from '../probe.js';
import { runMediaBinary } from '../run-ffmpeg.js';
import { aigcComment } from './aigc.js';
import { passFraction, stagedProgress } from './progress.js';
import { buildSoundtrack, soundtrackPasses } from './soundtrack.js';
import { probeSpeech } from './inputs.js';
import type { AudioJob, MediaBins, RenderOptions } from './types.js';

/**
 * An audio-only work: the same soundtrack pipeline as videos (optional beds, loudness), encoded
 * as MP3 exactly as long as the speech.
 */
export async function renderAudio(
  bins: MediaBins,
  job: AudioJob,
  opts: Omit<RenderOptions, 'fontDirs'> = {},
): Promise<{ durationSec: number }> {
  const workDir = await mkdtemp(path.join(opts.tmpDir ?? os.tmpdir(), 'likeness-audio-'));
  try {
    const durationSec = job.speech.durationSec ?? (await probeSpeech(bins, job.speech.path, opts.signal));
    const progress = stagedProgress(opts.onProgress, [soundtrackPasses(job), 1]);
    const soundtrack = await buildSoundtrack(bins, job, durationSec, workDir, {
      signal: opts.signal,
      onProgress: progress.stage(0),
    });
    const produceId = typeof job.aigcTag === 'object' ? job.aigcTag.produceId : undefined;
    const tags: Record<string, string> = job.aigcTag ? { comment: aigcComment(produceId) } : {};
    const encode = progress.stage(1);
    try {
      await runMediaBinary(bins.ffmpeg, mp3Args(soundtrack.path, job.outputPath, { durationSec, tags }), {
        signal: opts.signal,
        onProgress: (sec) => encode(passFraction(sec, durationSec)),
      });
    } catch (err) {
      await rm(job.outputPath, { force: true }); // never leave a truncated work behind
      throw err;
    }
    const out = await probeMedia(bins.ffprobe, job.outputPath, opts.signal);
    progress.finish();
    return { durationSec: out.durationSec };
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
