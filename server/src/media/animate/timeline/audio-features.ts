import type { Readable } from 'node:stream';
import { runMediaBinary } from '../../run-ffmpeg.js';
import { bytesToFloat32 } from '../../speech/measure.js';
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

/**
 * Little-endian float32 bytes → samples, across chunk boundaries (a pipe chunk need not end on a
 * whole sample, nor start 4-byte aligned).
 */
export class Float32Decoder {
  private carry = Buffer.alloc(0);

  constructor(private readonly sink: (samples: Float32Array) => void) {}

  write(chunk: Buffer): void {
    const bytes = this.carry.length > 0 ? Buffer.concat([this.carry, chunk]) : chunk;
    const samples = bytesToFloat32(bytes);
    this.carry = Buffer.from(bytes.subarray(samples.length * 4));
    if (samples.length > 0) this.sink(samples);
  }
}
