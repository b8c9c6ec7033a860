import type { Readable } from 'node:stream';
import { runMediaBinary } from '../run-ffmpeg.js';
import type { FaceDetector } from './detector.js';
import { frameGrabArgs, sampleFrameSize, sampleTimes } from './frame-args.js';

export interface VideoFaceCheck {
  framesChecked: number;
  framesWithFace: number;
  /** Largest face box area divided by the frame area, over all checked frames (0 when none). */
  largestFaceShare: number;
}

export interface VideoFaceCheckOptions {
  signal?: AbortSignal;
}

async function grabFrame(
  ffmpeg: string,
  videoPath: string,
  atSec: number,
  width: number,
  height: number,
  signal?: AbortSignal,
): Promise<Uint8Array | null> {
  const chunks: Buffer[] = [];
  await runMediaBinary(ffmpeg, frameGrabArgs(videoPath, atSec, width, height), {
    signal,
    timeoutMs: 30_000,
    onStdout: (out: Readable) => out.on('data', (c: Buffer) => chunks.push(c)),
  });
  const frame = Buffer.concat(chunks);
  // A seek past the last decodable frame yields no output; that sample is simply not counted.
  return frame.length === width * height * 3 ? frame : null;
}

/**
 * Samples `samples` evenly spaced frames of a video (decoded downscaled, ≤640 px wide) and runs the
 * face detector on each. `info` should carry the display size (after rotation), as ffmpeg
 * auto-rotates while decoding; frames are scaled to an exact size either way, so a wrong aspect
 * only distorts, never breaks, the check.
 */
export async function checkFacesInVideo(
  detector: FaceDetector,
  ffmpeg: string,
  videoPath: string,
  info: { durationSec: number; width: number; height: number },
  samples = 5,
  opts: VideoFaceCheckOptions = {},
): Promise<VideoFaceCheck> {
  const size = sampleFrameSize(info.width, info.height);
  const frameArea = size.width * size.height;
  const result: VideoFaceCheck = { framesChecked: 0, framesWithFace: 0, largestFaceShare: 0 };
  // Sequential on purpose: each grab is a short ffmpeg run and detection is single-threaded anyway.
  for (const at of sampleTimes(info.durationSec, samples)) {
    const frame = await grabFrame(ffmpeg, videoPath, at, size.width, size.height, opts.signal);
    if (!frame) continue;
    const faces = await detector.detect({ data: frame, width: size.width, height: size.height });
    result.framesChecked += 1;
    if (faces.length === 0) continue;
    result.framesWithFace += 1;
    for (const f of faces) {
      result.largestFaceShare = Math.max(result.largestFaceShare, (f.width * f.height) / frameArea);
    }
  }
  result.largestFaceShare = Math.round(result.largestFaceShare * 10000) / 10000;
  return result;
}
