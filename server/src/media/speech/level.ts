import { open } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { runMediaBinary } from '../run-ffmpeg.js';
import { parseIntegratedLoudness } from './analyse-args.js';
import { LIMIT, levelArgs, transformArgs } from './synth-args.js';
import type { PostPlan } from './voice-plan.js';
import { wavHeader } from './wav.js';

export interface LevelResult {
  /** Gain applied after the transformation, dB. */
  gainDb: number;
  /** Integrated loudness of the written file, LUFS (null when too short to measure). */
  loudnessLufs: number | null;
  limited: boolean;
}

/** ebur128 reports -70 LUFS when nothing passes its gate (silence, or under 0.4 s of audio). */
const UNMEASURABLE_LUFS = -69.5;
/** How close the limited result must come to its loudness target, LU; and how often to retry. */
const LIMITED_TOLERANCE_LU = 0.2;
const MAX_LEVEL_PASSES = 4;
const MAX_GAIN_DB = 30;

const dbToGain = (db: number) => 10 ** (db / 20);

/**
 * Runs the transformation (pass 1, which also measures the result's loudness), then brings the
 * result to its loudness target: the profile's loudness (or the unmodified voice's) plus the volume
 * multiplier in dB. Loudness is linear in gain, so when the peaks have room the gain is exact and
 * applied here; when they do not, ffmpeg's limiter holds them and the gain is corrected from the
 * limited result's measured loudness until it lands within 0.2 LU. Writes a mono s16 WAV.
 */
export async function transformAndLevel(
  ffmpeg: string,
  samples: Int16Array,
  sampleRate: number,
  plan: PostPlan,
  outPath: string,
  signal?: AbortSignal,
): Promise<LevelResult> {
  const audio = new FloatCollector();
  const pass1 = await runMediaBinary(ffmpeg, transformArgs(plan, samples.length, sampleRate), {
    signal,
    timeoutMs: 600_000,
    stdin: Readable.from([Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength)]),
    onStdout: (out: Readable) => out.on('data', (c: Buffer) => audio.push(c)),
  });
  const measured = parseIntegratedLoudness(pass1.stderr);
  const known = measured !== null && measured > UNMEASURABLE_LUFS ? measured : null;
  const volumeDb = 20 * Math.log10(plan.volume);
  const target = known === null ? null : (plan.loudnessLufs ?? known) + volumeDb;
  let gainDb = Math.min(MAX_GAIN_DB, target === null || known === null ? volumeDb : target - known);

  if (audio.peak * dbToGain(gainDb) <= LIMIT) {
    await writeScaledWav(outPath, audio.chunks, audio.length, dbToGain(gainDb), sampleRate);
    return { gainDb, loudnessLufs: known === null ? null : known + gainDb, limited: false };
  }

  let loudness: number | null = null;
  for (let pass = 0; pass < MAX_LEVEL_PASSES; pass++) {
    const r = await runMediaBinary(ffmpeg, levelArgs(dbToGain(gainDb), sampleRate, outPath), {
      signal,
      timeoutMs: 600_000,
      stdin: Readable.from(audio.chunks.map((c) => Buffer.from(c.buffer, c.byteOffset, c.byteLength))),
    });
    loudness = parseIntegratedLoudness(r.stderr);
    if (target === null || loudness === null || Math.abs(target - loudness) <= LIMITED_TOLERANCE_LU) break;
    // The limiter takes away a little of what the gain adds; the next pass makes up for it.
    gainDb = Math.min(MAX_GAIN_DB, gainDb + (target - loudness));
  }
  return { gainDb, loudnessLufs: loudness, limited: true };
}

/**
 * Little-endian float32 bytes from a pipe, kept as sample chunks (a pipe may split a sample across
 * reads), with the running peak. Long texts make long audio: nothing is copied into one big buffer.
 */
export class FloatCollector {
  readonly chunks: Float32Array[] = [];
  length = 0;
  peak = 0;
  private rest = Buffer.alloc(0);

  push(data: Buffer): void {
    const bytes = this.rest.length > 0 ? Buffer.concat([this.rest, data]) : data;
    const n = Math.floor(bytes.length / 4);
    const chunk = new Float32Array(n);
    for (let i = 0; i < n; i++) {
      const v = bytes.readFloatLE(i * 4);
      chunk[i] = v;
      if (Math.abs(v) > this.peak) this.peak = Math.abs(v);
    }
    this.rest = Buffer.from(bytes.subarray(n * 4));
    if (n > 0) this.chunks.push(chunk);
    this.length += n;
  }
}

/** Writes float chunks times a gain as a 16-bit mono WAV, one chunk at a time. */
async function writeScaledWav(
  path: string,
  chunks: readonly Float32Array[],
  length: number,
  gain: number,
  sampleRate: number,
): Promise<void> {
  const fh = await open(path, 'w');
  try {
    await fh.write(wavHeader(length * 2, sampleRate));
    for (const c of chunks) {
      const pcm = toInt16(c, gain);
      await fh.write(Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength));
    }
  } finally {
    await fh.close();
  }
}

/** Float samples times a gain → 16-bit PCM (rounded; the caller keeps the peaks under full scale). */
export function toInt16(samples: Float32Array, gain: number): Int16Array {
  const out = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) {
    out[i] = Math.max(-32768, Math.min(32767, Math.round(samples[i]! * gain * 32767)));
  }
  return out;
}
