// Lip sync as the viewer gets it, by the project's independent meter
// (server/test/helpers/lipsync-meter.ts), on each downloaded video. The meter locates and scales the
// face on a reference of the same frame size: the avatar's own source (a photo as a 3 s still clip at
// the output's size, as bench/lipsync does with its frontal photo; a clip as it is), so every video
// of one avatar is cropped and scaled alike. A source of another size (or a photo the service framed
// differently) gives no reference and the meter finds the face in the video itself.
import { join } from 'node:path';
import sharp from 'sharp';
import type { MediaBinaries } from '../../server/src/media/binaries.js';
import { extractFrame } from '../../server/src/media/compose/index.js';
import { x264Args } from '../../server/src/media/ffmpeg/encode-args.js';
import { runMediaBinary } from '../../server/src/media/run-ffmpeg.js';
import {
  measureLipSync,
  meterReference,
  type LipSyncResult,
  type MeterReference,
} from '../../server/test/helpers/lipsync-meter.js';
import type { OutputShape } from './baseline.js';
import type { Item } from './items.js';

/** The lip-sync issue's acceptance figures. */
export const AIM = { r: 0.65, lagMs: 40, openRatio: 1.5 };

const ff = (bins: MediaBinaries, args: string[]) =>
  runMediaBinary(bins.ffmpeg, ['-hide_banner', '-v', 'error', '-y', ...args]);

export interface Reference {
  ref: MeterReference | null;
  /** What the meter was given, for the table: "source", or "none (why)". */
  note: string;
}

/** A box in pixels. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Photo aspect ratios this close count as the same framing (the service rounds sizes to even pixels). */
const SAME_ASPECT = 0.01;

/** The meter's reference for the videos of an avatar made from `item` (`upright`: a photo as upright PNG). */
export async function referenceFor(
  bins: MediaBinaries,
  item: Item,
  upright: string | null,
  shape: OutputShape,
  work: string,
  speaker?: Box,
): Promise<Reference> {
  let clip = item.path;
  // The face the service animates (the avatar task's `face.speaker`, source pixels): the meter
  // measures that one, not the largest (a group photo's speaker need not be its largest face).
  let near = speaker;
  if (item.kind === 'video') {
    if (item.width !== shape.width || item.height !== shape.height) {
      return { ref: null, note: `none (source ${item.width}x${item.height})` };
    }
  } else {
    const meta = await sharp(upright ?? item.path).metadata();
    const [w, h] = [meta.width ?? 0, meta.height ?? 0];
    const aspect = shape.width / shape.height;
    if (!(Math.abs(w / h - aspect) / aspect < SAME_ASPECT)) {
      return { ref: null, note: `none (photo ${w}x${h} framed otherwise)` };
    }
    // The photo at the output's size: a frame of the same size, the face where the video has it.
    clip = join(work, `reference-${shape.width}x${shape.height}.mp4`);
    const k = shape.width / w;
    if (speaker)
      near = { x: speaker.x * k, y: speaker.y * k, width: speaker.width * k, height: speaker.height * k };
    await ff(bins, [
      ...['-loop', '1', '-framerate', String(shape.fps), '-i', upright ?? item.path, '-t', '3'],
      ...['-vf', `scale=${shape.width}:${shape.height}`],
      ...x264Args({ preset: 'veryfast', crf: 18 }),
      clip,
    ]);
  }
  const ref = await meterReference(clip, bins, near);
  return ref.face ? { ref, note: 'source' } : { ref: null, note: 'none (no face in the source)' };
}

export function measure(bins: MediaBinaries, video: string, reference: Reference): Promise<LipSyncResult> {
  return measureLipSync(video, { bins, ...(reference.ref ? { reference: reference.ref } : {}) });
}

/** Which aims a measurement misses; empty when it meets them all. */
export function misses(m: LipSyncResult): string[] {
  return [
    !(m.r >= AIM.r) && 'r',
    !(Math.abs(m.lagMs) <= AIM.lagMs) && 'lag',
    !(m.openRatio >= AIM.openRatio) && 'open ratio',
  ].filter((x): x is string => typeof x === 'string');
}

/** The frame where the mouth is widest in speech, and the middle of the longest stretch without speech. */
function openAndClosed(m: LipSyncResult): { open: number | null; closed: number | null } {
  let open: number | null = null;
  let widest = -Infinity;
  for (const f of m.perFrame) {
    if (f.speech && f.gap !== null && f.gap > widest) [open, widest] = [f.t, f.gap];
  }
  let best: [number, number] | null = null;
  for (let i = 0; i < m.perFrame.length;) {
    let j = i;
    while (j < m.perFrame.length && !m.perFrame[j]!.speech) j++;
    if (j > i && (!best || j - i > best[1] - best[0])) best = [i, j];
    i = j + 1;
  }
  return { open, closed: best ? m.perFrame[(best[0] + best[1]) >> 1]!.t : null };
}

/**
 * Writes `<name>-open.png` and `<name>-closed.png` (whole frames) and, where the meter found the
 * face, a 256 px crop of it beside each (`-face.png`): small faces are hard to judge in a whole frame.
 */
export async function saveFrames(
  bins: MediaBinaries,
  video: string,
  m: LipSyncResult,
  dir: string,
  name: string,
): Promise<void> {
  const { open, closed } = openAndClosed(m);
  for (const [label, at] of [
    ['open', open],
    ['closed', closed],
  ] as const) {
    if (at === null) continue;
    await extractFrame(bins, video, at, join(dir, `${name}-${label}.png`));
    if (!m.face) continue;
    const [x, y, w, h] = m.face.box;
    const side = Math.round(Math.max(w, h) * 1.6);
    const left = Math.max(0, Math.round(x + w / 2 - side / 2));
    const top = Math.max(0, Math.round(y + h / 2 - side / 2));
    await ff(bins, [
      ...['-ss', at.toFixed(3), '-i', video, '-map', '0:V:0', '-frames:v', '1'],
      ...['-vf', `crop=min(${side}\\,iw-${left}):min(${side}\\,ih-${top}):${left}:${top},scale=256:-2`],
      join(dir, `${name}-${label}-face.png`),
    ]);
  }
}
