import { endianness } from 'node:os';
import type { Readable } from 'node:stream';
import { runMediaBinary } from '../run-ffmpeg.js';
import { ANALYSIS_SAMPLE_RATE, analyseArgs, loudnessArgs, parseIntegratedLoudness } from './analyse-args.js';
import { analyseSpeechSamples, type SpeechStats } from './analysis.js';

export interface MeasuredFile extends SpeechStats {
  /** Integrated loudness of the mono downmix; -70 for silence (ebur128's floor). */
  loudnessLufs: number;
}

export interface DecodedAudio {
  /** Mono float samples at ANALYSIS_SAMPLE_RATE. */
  samples: Float32Array;
  sampleRate: number;
  /** Integrated loudness of the mono downmix; -70 for silence (ebur128's floor). */
  loudnessLufs: number;
}

/** Decodes (up to maxSec of) a file's first audio stream for analysis and measures its loudness. */
export async function decodeForAnalysis(
  ffmpeg: string,
  input: string,
  opts: { signal?: AbortSignal; maxSec?: number } = {},
): Promise<DecodedAudio> {
  const chunks: Buffer[] = [];
  const { stderr } = await runMediaBinary(ffmpeg, analyseArgs(input, opts.maxSec ?? 3600), {
    signal: opts.signal,
    timeoutMs: 120_000,
    onStdout: (out: Readable) => out.on('data', (c: Buffer) => chunks.push(c)),
  });
  return {
    samples: bytesToFloat32(Buffer.concat(chunks)),
    sampleRate: ANALYSIS_SAMPLE_RATE,
    loudnessLufs: parseIntegratedLoudness(stderr) ?? -70,
  };
}

/**
 * Decodes and measures a file without judging it (tools and tests). The analysis runs on the calling
 * thread; the engine's analyseSample runs it in its worker instead.
 */
export async function measureSpeechFile(
  ffmpeg: string,
  input: string,
  opts: { signal?: AbortSignal; maxSec?: number } = {},
): Promise<MeasuredFile> {
  const decoded = await decodeForAnalysis(ffmpeg, input, opts);
  return { ...analyseSpeechSamples(decoded.samples, decoded.sampleRate), loudnessLufs: decoded.loudnessLufs };
}

/** Integrated loudness (LUFS) of a file's first audio stream, mono downmix. */
export async function measureLoudnessLufs(
  ffmpeg: string,
  input: string,
  signal?: AbortSignal,
): Promise<number> {
  const { stderr } = await runMediaBinary(ffmpeg, loudnessArgs(input), { signal, timeoutMs: 120_000 });
  const lufs = parseIntegratedLoudness(stderr);
  if (lufs === null) throw new Error('ffmpeg printed no loudness summary');
  return lufs;
}

const LITTLE_ENDIAN = endianness() === 'LE';

/**
 * Little-endian float32 bytes → samples, copied (Buffer slices need not be 4-byte aligned); a
 * trailing partial sample is ignored.
 */
export function bytesToFloat32(buf: Buffer): Float32Array {
  const n = Math.floor(buf.length / 4);
  const out = new Float32Array(n);
  // On a little-endian host a byte copy into the aligned array is the float copy.
  if (LITTLE_ENDIAN) new Uint8Array(out.buffer).set(buf.subarray(0, n * 4));
  else for (let i = 0; i < n; i++) out[i] = buf.readFloatLE(i * 4);
  return out;
}
