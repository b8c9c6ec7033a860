import type { FaceBox } from './detect-core.js';
import { faceWidth, type FaceSample } from './track.js';

/**
 * Keeps a followed face to the person who speaks. Following a face from sample to sample takes
 * whatever face is where the last one was: after a cut to another shot, that can be someone else
 * (a stage clip's cut to the audience was followed onto a listener's face). The followed samples are
 * split into shots where the picture cuts (shot-change.ts), and a shot's faces are kept unless the
 * search looked at a moment inside it and did not see the speaker where the followed face is.
 * Only cuts split: a dancer blurred by motion loses her face and changes size from one sample to
 * the next within one shot, and the search's grouping of people by place (speaker.ts) splits a
 * person who moves fast, so neither can tell people apart. Pure.
 */

/** A followed face matches the search's view of the speaker within this share of its width. */
const SAME_PLACE = 0.5;

/** The search's view of the speaker in one searched frame. */
export interface Sighting {
  timeSec: number;
  box: FaceBox;
}

/** Centre and width of a sample's face, from its points. */
function faceCentre(s: FaceSample): { x: number; y: number; width: number } {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (let k = 0; k + 1 < s.points.length; k += 2) {
    x0 = Math.min(x0, s.points[k]!);
    x1 = Math.max(x1, s.points[k]!);
    y0 = Math.min(y0, s.points[k + 1]!);
    y1 = Math.max(y1, s.points[k + 1]!);
  }
  return { x: (x0 + x1) / 2, y: (y0 + y1) / 2, width: faceWidth(s.points) };
}

/**
 * The shots of the followed samples: [from, to) index ranges from the first sample with a face after
 * a cut to the last one before the next. `cutBefore[i]` says the picture cut between samples i-1 and i.
 */
export function followedParts(
  samples: readonly FaceSample[],
  cutBefore: readonly boolean[],
): [number, number][] {
  const parts: [number, number][] = [];
  let open = false;
  for (let i = 0; i < samples.length; i++) {
    if (cutBefore[i]) open = false;
    if (samples[i]!.score <= 0) continue;
    const part = parts[parts.length - 1];
    if (open && part) part[1] = i + 1;
    else parts.push([i, i + 1]);
    open = true;
  }
  return parts;
}

/**
 * The samples with the faces of other people removed (their samples keep their time, with no face).
 * `searched` are the times of the frames the search looked at; `speaker` the speaker's sightings
 * among them.
 */
export function keepSpeaker(
  samples: readonly FaceSample[],
  cutBefore: readonly boolean[],
  searched: readonly number[],
  speaker: readonly Sighting[],
): FaceSample[] {
  if (samples.length < 2) return [...samples];
  const step = samples[1]!.timeSec - samples[0]!.timeSec;
  const out = [...samples];
  for (const [from, to] of followedParts(samples, cutBefore)) {
    const t0 = samples[from]!.timeSec - step / 2;
    const t1 = samples[to - 1]!.timeSec + step / 2;
    const inside = searched.filter((t) => t >= t0 && t < t1);
    if (inside.length === 0) continue;
    const seenThere = inside.some((t) => {
      const sight = speaker.find((s) => Math.abs(s.timeSec - t) < 1e-6);
      if (!sight) return false;
      const i = Math.max(from, Math.min(to - 1, Math.round((t - samples[0]!.timeSec) / step)));
      const f = faceCentre(samples[i]!);
      const b = sight.box;
      const d = Math.hypot(f.x - (b.x + b.width / 2), f.y - (b.y + b.height / 2));
      return d < SAME_PLACE * Math.max(f.width, b.width);
    });
    if (seenThere) continue;
    for (let i = from; i < to; i++) {
      const s = samples[i]!;
      out[i] = { timeSec: s.timeSec, score: 0, points: new Float32Array(0), yaw: 0, pitch: 0, roll: 0 };
    }
  }
  return out;
}
