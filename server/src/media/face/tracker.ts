import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { runMediaBinary } from '../run-ffmpeg.js';
import { MAX_DETECT_SIDE, type FaceDetector, type FaceLandmarks } from './detector.js';
import { sampleFrameSize, trackFramesArgs } from './frame-args.js';
import { LANDMARK_MODEL, smoothTrack, type FaceSample, type FaceTrack } from './track.js';

/**
 * Measures face tracks: landmarks of one face, sampled through a video or taken once from a
 * picture. The video is decoded once, as a stream of small frames, while the detector works through
 * them; memory holds a frame or two whatever the length.
 */

/** Frames are decoded with no side longer than this for tracking: faces in avatar videos are
 * large, and the landmark model works on a 192-pixel crop of the face anyway. Larger frames only
 * cost time (a 1080x1920 frame took five times as long for the same landmarks). */
export const TRACK_MAX_SIDE = 720;
/** Default samples per second: head motion between samples is smooth enough to interpolate. */
export const TRACK_FPS = 8;

export interface TrackVideoOptions {
  /** Tracked range (default the whole video). */
  fromSec?: number;
  toSec?: number;
  sampleFps?: number;
  signal?: AbortSignal;
  /** Called with the share (0..1) of the range tracked so far. */
  onProgress?: (fraction: number) => void;
}

const EMPTY = new Float32Array(0);

/** Picks the face to follow: the largest at first, then the one nearest to where it was. */
function follow(faces: FaceLandmarks[], last: FaceLandmarks | null): FaceLandmarks | null {
  if (faces.length === 0) return null;
  if (!last) return faces[0]!;
  const cx = last.box.x + last.box.width / 2;
  const cy = last.box.y + last.box.height / 2;
  let best = faces[0]!;
  let bestD = Infinity;
  for (const f of faces) {
    const d = Math.hypot(f.box.x + f.box.width / 2 - cx, f.box.y + f.box.height / 2 - cy);
    if (d < bestD) {
      bestD = d;
      best = f;
    }
  }
  return best;
}

function toSample(timeSec: number, face: FaceLandmarks | null, scale: number): FaceSample {
  if (!face) return { timeSec, score: 0, points: EMPTY, yaw: 0, pitch: 0, roll: 0 };
  const points = new Float32Array(face.points.length);
  for (let k = 0; k < points.length; k++) points[k] = face.points[k]! * scale;
  return { timeSec, score: face.box.score, points, yaw: face.yaw, pitch: face.pitch, roll: face.roll };
}

/** `info` carries the display size (after rotation): ffmpeg rotates while decoding. */
export async function trackFaceInVideo(
  detector: FaceDetector,
  ffmpeg: string,
  videoPath: string,
  info: { durationSec: number; width: number; height: number },
  opts: TrackVideoOptions = {},
): Promise<FaceTrack> {
  const fps = opts.sampleFps ?? TRACK_FPS;
  const from = Math.max(0, opts.fromSec ?? 0);
  const to = Math.min(info.durationSec, opts.toSec ?? info.durationSec);
  const longSide = Math.max(info.width, info.height);
  const size = sampleFrameSize(
    info.width,
    info.height,
    Math.round((info.width * TRACK_MAX_SIDE) / Math.max(longSide, TRACK_MAX_SIDE)),
  );
  const frameBytes = size.width * size.height * 3;
  const back = info.width / size.width;
  const samples: FaceSample[] = [];
  const expected = Math.max(1, Math.ceil((to - from) * fps));
  let last: FaceLandmarks | null = null;

  // Async iteration reads the pipe only as fast as the detector works through frames, so a long
  // video never piles up in memory. A failing detector stops the decoder too.
  const stop = new AbortController();
  const signal = opts.signal ? AbortSignal.any([opts.signal, stop.signal]) : stop.signal;
  let consumed: Promise<void> = Promise.resolve();
  const consume = async (out: Readable) => {
    let pending: Buffer = Buffer.alloc(0);
    for await (const chunk of out as AsyncIterable<Buffer>) {
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      while (pending.length >= frameBytes) {
        const frame = pending.subarray(0, frameBytes);
        pending = pending.subarray(frameBytes);
        const faces = await detector.detectLandmarks({ data: frame, width: size.width, height: size.height });
        const face = follow(faces, last);
        if (face) last = face;
        samples.push(toSample(from + samples.length / fps, face, back));
        opts.onProgress?.(Math.min(1, samples.length / expected));
      }
    }
  };
  const args = trackFramesArgs(videoPath, from, Math.max(0.04, to - from), fps, size.width, size.height);
  try {
    await runMediaBinary(ffmpeg, args, {
      signal,
      onStdout: (out) => {
        consumed = consume(out).catch((err: unknown) => {
          stop.abort(err);
          throw err;
        });
      },
    });
  } catch (err) {
    await consumed.catch(() => undefined);
    throw err;
  }
  await consumed;
  return smoothTrack({
    model: LANDMARK_MODEL,
    width: info.width,
    height: info.height,
    sampleFps: fps,
    startSec: from,
    samples,
  });
}

/** A picture's track: one sample. Any image sharp reads; EXIF orientation is applied. */
export async function trackFaceInImage(detector: FaceDetector, imagePath: string): Promise<FaceTrack> {
  const meta = await sharp(imagePath).metadata();
  const { width, height } = meta.autoOrient;
  const scale = Math.min(1, MAX_DETECT_SIDE / Math.max(width, height));
  const { data, info } = await sharp(imagePath, { autoOrient: true })
    .resize(Math.max(1, Math.round(width * scale)), Math.max(1, Math.round(height * scale)), { fit: 'fill' })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const faces = await detector.detectLandmarks({ data, width: info.width, height: info.height });
  return {
    model: LANDMARK_MODEL,
    width,
    height,
    sampleFps: 0,
    startSec: 0,
    samples: [toSample(0, faces[0] ?? null, width / info.width)],
  };
}
