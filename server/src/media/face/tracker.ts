import type { Readable } from 'node:stream';
import { FramePool, readFrames } from '../animate/frame-stream.js';
import { runMediaBinary } from '../run-ffmpeg.js';
import {
  MAX_DETECT_SIDE,
  type Detection,
  type FaceBox,
  type FaceFinder,
  type FaceLandmarks,
  type RgbImage,
} from './detector.js';
import { frameGrabArgs, sampleFrameSize, sampleTimes, trackFramesArgs } from './frame-args.js';
import { readPictureRgb } from './picture-rgb.js';
import { iou, MIN_FACE_PX, windowForBox, windowForPoints } from './search-plan.js';
import { castOf, faceIsSure, typicalFace, type Cast, type SeenFace } from './speaker.js';
import { LANDMARK_MODEL, smoothTrack, type FaceSample, type FaceSearch, type FaceTrack } from './track.js';
import type { TrackedVideo, TrackVideoOptions } from './track-options.js';
import { trackWindow, type TrackWindow } from './track-window.js';
import { frameSignature, SHOT_CHANGE, signatureDistance } from './shot-change.js';
import { keepSpeaker } from './speaker-segments.js';

/**
 * Measures face tracks: landmarks of one face, sampled through a video or taken once from a
 * picture. A video is first searched on a few whole frames at full size (every face at least
 * MIN_FACE_PX wide, wherever it is), the speaker chosen among the faces found (speaker.ts); then
 * the video is decoded once, cut to where that face moves and scaled to suit it, and the face is
 * followed from sample to sample in a window around its last position. Where the picture cuts to
 * another shot, the face followed after the cut stays the speaker's only if the search did not see
 * that shot without him (shot-change.ts, speaker-segments.ts). Memory holds a frame or two whatever
 * the length.
 */

/**
 * Default samples per second: every frame of a video played at 25 frames a second. Callers pass the
 * rate their renders show the source at, so every frame shown has its own sample. Head motion would
 * interpolate well from 8 a second, but lips would not: a speaker's syllables open and close the
 * mouth 4-6 times a second, and between sparse samples the rig read the source's lips where they
 * were not, so the source's own speech showed through the new mouth (text-driven clips read r 0.58
 * at 8 samples a second, 0.62 at 12.5, 0.66 at 25; decision T5).
 */
export const TRACK_FPS = 25;
/** Whole frames searched for faces: one per this many seconds of the range, within the bounds below. */
export const SEARCH_EVERY_SEC = 10;
export const MIN_SEARCH_FRAMES = 5;
export const MAX_SEARCH_FRAMES = 12;
/** A face lost while following is searched for again after this many samples without it. */
export const RESEARCH_AFTER = 4;

const EMPTY = new Float32Array(0);

function toSample(
  timeSec: number,
  face: FaceLandmarks | null,
  map: (x: number, y: number) => [number, number],
): FaceSample {
  if (!face) return { timeSec, score: 0, points: EMPTY, yaw: 0, pitch: 0, roll: 0 };
  const points = new Float32Array(face.points.length);
  for (let k = 0; k + 1 < points.length; k += 2) {
    const [x, y] = map(face.points[k]!, face.points[k + 1]!);
    points[k] = x;
    points[k + 1] = y;
  }
  return { timeSec, score: face.box.score, points, yaw: face.yaw, pitch: face.pitch, roll: face.roll };
}

/** What a search of a few frames found: the faces of each frame (source pixels) and who speaks. */
export interface SearchResult {
  times: number[];
  /** Per frame: the faces measured, and every face seen (measured or not) as the cast saw them. */
  frames: FaceLandmarks[][];
  seen: SeenFace[][];
  cast: Cast;
}

/**
 * A box the mesh could not measure counts as a face when the detector is this sure of it (a profile
 * with a hand at the mouth scored 0.81; a dark corner that passed the search's size rule 0.53).
 */
export const UNMEASURED_MIN_SCORE = 0.8;

/** The faces of one searched picture in source pixels (times k), measured or not, as the cast sees them. */
function seenIn(found: Detection, k: number): { faces: FaceLandmarks[]; seen: SeenFace[] } {
  const faces = found.faces.map((f) => scaleFace(f, k));
  const seen: SeenFace[] = faces.map((f) => ({
    box: f.box,
    yaw: f.yaw,
    pitch: f.pitch,
    sure: faceIsSure(f.box.score, f.meshScore),
  }));
  for (const b of found.boxes) {
    if (b.score < UNMEASURED_MIN_SCORE) continue;
    const box = { ...b, x: b.x * k, y: b.y * k, width: b.width * k, height: b.height * k };
    if (faces.some((f) => iou(f.box, box) > 0.2)) continue;
    seen.push({ box, yaw: 0, pitch: 0, unmeasured: true, sure: true });
  }
  return { faces, seen };
}

/** Reads one frame at `atSec` as raw RGB at the given size. */
async function grabFrame(
  ffmpeg: string,
  videoPath: string,
  atSec: number,
  size: { width: number; height: number },
  signal: AbortSignal | undefined,
): Promise<RgbImage | null> {
  const chunks: Buffer[] = [];
  await runMediaBinary(ffmpeg, frameGrabArgs(videoPath, atSec, size.width, size.height), {
    signal,
    onStdout: (out) => out.on('data', (c: Buffer) => chunks.push(c)),
  });
  const data = Buffer.concat(chunks);
  if (data.length !== size.width * size.height * 3) return null;
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.length), ...size };
}

/** Searches whole frames spread over [from, to] for faces and decides who speaks. */
export async function searchVideo(
  detector: FaceFinder,
  ffmpeg: string,
  videoPath: string,
  info: { width: number; height: number },
  range: { from: number; to: number },
  opts: { signal?: AbortSignal; near?: FaceBox; onFrame?: (done: number, of: number) => void } = {},
): Promise<SearchResult> {
  const span = Math.max(0.04, range.to - range.from);
  const count = Math.min(MAX_SEARCH_FRAMES, Math.max(MIN_SEARCH_FRAMES, Math.ceil(span / SEARCH_EVERY_SEC)));
  // Full size up to 4K: a 40-pixel face must stay 40 pixels. sampleFrameSize keeps the ratio, even.
  const long = Math.max(info.width, info.height);
  const size = sampleFrameSize(
    info.width,
    info.height,
    Math.round((info.width * Math.min(long, MAX_DETECT_SIDE)) / long),
  );
  const back = info.width / size.width;
  const times = sampleTimes(span, count).map((t) => range.from + t);
  const frames: FaceLandmarks[][] = [];
  const seen: SeenFace[][] = [];
  for (const [i, t] of times.entries()) {
    const frame = await grabFrame(ffmpeg, videoPath, t, size, opts.signal);
    const found = frame
      ? await detector.find(frame, { minFacePx: MIN_FACE_PX / back })
      : { boxes: [], faces: [] };
    const got = seenIn(found, back);
    frames.push(got.faces);
    seen.push(got.seen);
    opts.onFrame?.(i + 1, times.length);
  }
  return { times, frames, seen, cast: castOf(seen, info, opts.near) };
}

/** A face measured on a scaled frame, in the source's pixels. */
function scaleFace(f: FaceLandmarks, k: number): FaceLandmarks {
  if (k === 1) return f;
  const points = new Float32Array(f.points.length);
  for (let i = 0; i < points.length; i++) points[i] = f.points[i]! * k;
  const b = f.box;
  return { ...f, points, box: { ...b, x: b.x * k, y: b.y * k, width: b.width * k, height: b.height * k } };
}

/** What the search tells the track: how many faces, and the speaker's box. */
function searchSummary(search: SearchResult, info: { width: number; height: number }): FaceSearch {
  const person = search.cast.people[search.cast.speaker];
  return {
    frames: search.times.length,
    people: search.cast.people.length,
    mostAtOnce: search.cast.mostAtOnce,
    speaker: person ? typicalFace(person).box : null,
    frameWidth: info.width,
    frameHeight: info.height,
  };
}

/** `info` carries the display size (after rotation): ffmpeg rotates while decoding. */
export async function trackFaceInVideo(
  detector: FaceFinder,
  ffmpeg: string,
  videoPath: string,
  info: TrackedVideo,
  opts: TrackVideoOptions = {},
): Promise<FaceTrack> {
  const fps = opts.sampleFps ?? TRACK_FPS;
  const from = Math.max(0, opts.fromSec ?? 0);
  const to = Math.min(info.durationSec, opts.toSec ?? info.durationSec);
  const expected = Math.max(1, Math.ceil((to - from) * fps));
  // Progress: the search takes about a fifth of the work, following the face the rest.
  const search = await searchVideo(
    detector,
    ffmpeg,
    videoPath,
    info,
    { from, to },
    {
      signal: opts.signal,
      near: opts.near,
      onFrame: (done, of) => opts.onProgress?.((0.2 * done) / of),
    },
  );
  const summary = searchSummary(search, info);
  const person = search.cast.people[search.cast.speaker];
  const base = {
    model: LANDMARK_MODEL,
    width: info.width,
    height: info.height,
    sampleFps: fps,
    startSec: from,
  };
  if (!person) {
    const samples = Array.from({ length: expected }, (_, i) =>
      toSample(from + i / fps, null, (x, y) => [x, y]),
    );
    opts.onProgress?.(1);
    return { ...base, samples, search: summary };
  }
  const seen = person.seen.map((s) => ({ timeSec: search.times[s.frame]!, box: s.face.box }));
  const faceWidth = typicalFace(person).box.width;
  const win = trackWindow(
    info,
    seen.map((s) => s.box),
    faceWidth,
  );
  const followed = await follow(detector, ffmpeg, videoPath, info, win, seen, faceWidth, {
    from,
    to,
    fps,
    expected,
    signal: opts.signal,
    onProgress: (f) => opts.onProgress?.(0.2 + 0.8 * f),
  });
  // Where the followed face became someone else (a cut to the audience), it is not the speaker's.
  const samples = keepSpeaker(followed.samples, followed.cutBefore, search.times, seen);
  return smoothTrack({ ...base, samples, search: summary });
}

/**
 * Follows the face through the decoded window: each sample is measured in a window around the
 * face's last landmarks (at first, around where the search saw it); a face lost for RESEARCH_AFTER
 * samples is searched for in the whole window and the one nearest its last place taken up again.
 * Also says before which samples the picture cut to another shot (shot-change.ts).
 */
async function follow(
  detector: FaceFinder,
  ffmpeg: string,
  videoPath: string,
  info: { width: number; height: number },
  win: TrackWindow,
  seen: { timeSec: number; box: FaceBox }[],
  faceWidth: number,
  o: {
    from: number;
    to: number;
    fps: number;
    expected: number;
    signal?: AbortSignal;
    onProgress: (f: number) => void;
  },
): Promise<{ samples: FaceSample[]; cutBefore: boolean[] }> {
  const ox = win.crop?.x ?? 0;
  const oy = win.crop?.y ?? 0;
  const sx = (win.crop?.width ?? info.width) / win.width;
  const sy = (win.crop?.height ?? info.height) / win.height;
  const toSource = (x: number, y: number): [number, number] => [ox + x * sx, oy + y * sy];
  const toDecoded = (b: FaceBox): FaceBox => ({
    ...b,
    x: (b.x - ox) / sx,
    y: (b.y - oy) / sy,
    width: b.width / sx,
    height: b.height / sy,
  });
  const frameBytes = win.width * win.height * 3;
  const samples: FaceSample[] = [];
  const cutBefore: boolean[] = [];
  let signature: Float32Array | null = null;
  let last: FaceLandmarks | null = null;
  let lastBox: FaceBox = toDecoded(seen[0]!.box);
  let lost = 0;
  // Searched again for faces half as wide as the one followed (or the smallest any search takes).
  const minFacePx = Math.max(MIN_FACE_PX, faceWidth * 0.5) / sx;

  const measureAt = async (frame: RgbImage, timeSec: number): Promise<FaceLandmarks | null> => {
    // Where to look: the last landmarks, or the search's view of the face nearest in time.
    let window;
    if (last) window = windowForPoints(last.points);
    else {
      const nearest = seen.reduce((a, b) =>
        Math.abs(b.timeSec - timeSec) < Math.abs(a.timeSec - timeSec) ? b : a,
      );
      window = windowForBox(toDecoded(nearest.box));
    }
    const [face] = await detector.measure(frame, [window]);
    if (face) return face;
    lost++;
    if (lost % RESEARCH_AFTER !== 0) return null;
    // Lost for a while (a cut, a fast turn): look through the whole window for the face again.
    const { faces } = await detector.find(frame, { minFacePx });
    const cx = lastBox.x + lastBox.width / 2;
    const cy = lastBox.y + lastBox.height / 2;
    let best: FaceLandmarks | null = null;
    let bestD = Infinity;
    for (const f of faces) {
      const d = Math.hypot(f.box.x + f.box.width / 2 - cx, f.box.y + f.box.height / 2 - cy);
      if (d < bestD) {
        best = f;
        bestD = d;
      }
    }
    return best;
  };

  // Async iteration reads the pipe only as fast as the detector works through frames, so a long
  // video never piles up in memory. A failing detector stops the decoder too.
  const stop = new AbortController();
  const signal = o.signal ? AbortSignal.any([o.signal, stop.signal]) : stop.signal;
  let consumed: Promise<void> = Promise.resolve();
  // Each chunk of the pipe is copied once into a frame of a small pool (gathering chunks with
  // Buffer.concat copied every frame's bytes about ten times over, on the thread serving HTTP).
  const pool = new FramePool(frameBytes, 2);
  const consume = async (out: Readable) => {
    for await (const frame of readFrames(out as AsyncIterable<Buffer>, frameBytes, pool)) {
      const timeSec = o.from + samples.length / o.fps;
      const next = frameSignature(frame, win.width, win.height);
      cutBefore.push(signature !== null && signatureDistance(signature, next) > SHOT_CHANGE);
      signature = next;
      // The detector copies the pixels into its request: the frame goes back to the pool after.
      const face = await measureAt({ data: frame, width: win.width, height: win.height }, timeSec);
      pool.give(frame);
      if (face) {
        last = face;
        lastBox = face.box;
        lost = 0;
      } else if (lost >= RESEARCH_AFTER) {
        // Not where it was: look around the last known place next time, not at a stale mesh.
        last = null;
      }
      samples.push(toSample(timeSec, face, toSource));
      o.onProgress(Math.min(1, samples.length / o.expected));
    }
  };
  const args = trackFramesArgs(
    videoPath,
    o.from,
    Math.max(0.04, o.to - o.from),
    o.fps,
    win.width,
    win.height,
    win.crop ?? undefined,
  );
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
  return { samples, cutBefore };
}

/** A picture's track: one sample, of the face that speaks. Any image sharp reads; EXIF orientation is applied. */
export async function trackFaceInImage(detector: FaceFinder, imagePath: string): Promise<FaceTrack> {
  const pic = await readPictureRgb(imagePath, MAX_DETECT_SIDE);
  const back = 1 / pic.scale;
  const { faces, seen } = seenIn(
    await detector.find(pic.image, { minFacePx: MIN_FACE_PX * pic.scale }),
    back,
  );
  const info = { width: pic.width, height: pic.height };
  const cast = castOf([seen], info);
  const person = cast.people[cast.speaker];
  const face = person ? (faces.find((f) => f.box === person.seen[0]!.face.box) ?? null) : null;
  return {
    model: LANDMARK_MODEL,
    ...info,
    sampleFps: 0,
    startSec: 0,
    samples: [toSample(0, face, (x, y) => [x, y])],
    search: searchSummary({ times: [0], frames: [faces], seen: [seen], cast }, info),
  };
}
