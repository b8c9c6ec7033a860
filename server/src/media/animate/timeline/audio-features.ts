import { endianness } from 'node:os';
import type { Readable } from 'node:stream';
import { runMediaBinary } from '../../run-ffmpeg.js';
import { DrivingAudioAnalyser, type AudioFeatures, type DrivingAudioMode } from './audio-analyser.js';
import { DRIVING_SAMPLE_RATE, drivingAudioArgs } from './audio-args.js';

export interface AnalyseDrivingAudioOptions {
  mode: DrivingAudioMode;
  signal?: AbortSignal;
  /** Kills ffmpeg after this long; default 10 minutes (decoding is far faster than real time). */
  timeoutMs?: number;
}

/**
 * Decodes the driving audio (an upload's speech or a song) with ffmpeg and analyses it while it
 * streams: the PCM is never held whole, so a 30-minute file costs no more memory than its features.
 */
export async function analyseDrivingAudio(
  ffmpeg: string,
  audioPath: string,
  opts: AnalyseDrivingAudioOptions,
): Promise<AudioFeatures> {
  const analyser = new DrivingAudioAnalyser(opts.mode, DRIVING_SAMPLE_RATE);
  const decoder = new Float32Decoder((samples) => analyser.push(samples));
  await runMediaBinary(ffmpeg, drivingAudioArgs(audioPath, DRIVING_SAMPLE_RATE), {
    signal: opts.signal,
    timeoutMs: opts.timeoutMs ?? 600_000,
    onStdout: (out: Readable) => out.on('data', (chunk: Buffer) => decoder.write(chunk)),
  });
  return analyser.finish();
}

const LITTLE_ENDIAN = endianness() === 'LE';

/**
 * Little-endian float32 bytes → samples, across chunk boundaries (a pipe chunk need not end on a
 * whole sample, nor start 4-byte aligned).
 */
export class Float32Decoder {
  private carry = Buffer.alloc(0);

  constructor(private readonly sink: (samples: Float32Array) => void) {}

  write(chunk: Buffer): void {
    const bytes = this.carry.length > 0 ? Buffer.concat([this.carry, chunk]) : chunk;
    const n = Math.floor(bytes.length / 4);
    const samples = new Float32Array(n);
    if (LITTLE_ENDIAN) {
      // A byte copy into the aligned array is the float copy on a little-endian host.
      new Uint8Array(samples.buffer).set(bytes.subarray(0, n * 4));
    } else {
      for (let i = 0; i < n; i++) samples[i] = bytes.readFloatLE(i * 4);
    }
    this.carry = Buffer.from(bytes.subarray(n * 4));
    if (n > 0) this.sink(samples);
  }
}
