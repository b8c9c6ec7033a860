import type { FaceBox } from './detect-core.js';

/**
 * Which of the faces in a picture or a clip speaks. Faces seen in several frames of a clip are
 * grouped into people by where they are; the speaker is the most prominent person: large, present
 * through the clip, near the middle, facing the camera. Pure.
 */

/** A face as one frame shows it (its head angles in degrees). */
export interface SeenFace {
  box: FaceBox;
  yaw: number;
  pitch: number;
  /**
   * A face the detector is sure of but the mesh could not measure (a profile, a hand over the
   * mouth): it counts as a face, but cannot be animated, so its person cannot speak.
   */
  unmeasured?: boolean;
  /**
   * Whether the face is surely one (faceIsSure): only such faces are counted, and only people
   * seen surely at least once can speak. Absent: sure.
   */
  sure?: boolean;
}

/**
 * How sure a face is, from the detector's score (0..1) and the mesh's (a logit; absent for a face
 * the mesh did not measure). Measured on the sample photos and the corpus: real faces, painted,
 * sculpted and drawn ones included, scored 0.76-0.93 on the detector or 10-34 on the mesh; a dark
 * corner beside a person 0.63 and 3.0; faces in profile 0.67-0.85 and 1-9; a light switch that
 * looks like a face 0.62 and 10.4 (it passes: it does look like one).
 */
export function faceIsSure(detectorScore: number, meshScore?: number): boolean {
  return detectorScore >= 0.7 || (meshScore !== undefined && meshScore >= 8);
}

/** A person who may speak: seen measured, and surely a face, at least once. */
const canSpeak = (p: Person) => p.seen.some((x) => !x.face.unmeasured && x.face.sure !== false);

/** One person: the faces that stand for them in the frames searched (one per frame at most). */
export interface Person {
  /** Index of the frame each face was seen in, and the face. */
  seen: { frame: number; face: SeenFace }[];
}

const centreOf = (b: FaceBox) => ({ x: b.x + b.width / 2, y: b.y + b.height / 2 });
const median = (v: number[]) => {
  const s = [...v].sort((a, b) => a - b);
  return s.length ? (s[(s.length - 1) >> 1]! + s[s.length >> 1]!) / 2 : 0;
};

/**
 * Groups the faces of each frame into people: a face belongs to the person whose last face is
 * nearest, when nearer than `reach` face widths (heads move between the frames searched, which are
 * seconds apart); otherwise it is someone new. Each person takes at most one face per frame.
 */
export function groupPeople(frames: readonly (readonly SeenFace[])[], reach = 1): Person[] {
  const people: Person[] = [];
  frames.forEach((faces, frame) => {
    const taken = new Set<Person>();
    // Larger faces choose first: they are placed more surely.
    const bySize = [...faces].sort((a, b) => b.box.width - a.box.width);
    for (const face of bySize) {
      const c = centreOf(face.box);
      let best: Person | null = null;
      let bestD = Infinity;
      for (const p of people) {
        if (taken.has(p)) continue;
        const last = p.seen[p.seen.length - 1]!.face.box;
        const lc = centreOf(last);
        const d = Math.hypot(c.x - lc.x, c.y - lc.y);
        if (d < reach * Math.max(last.width, face.box.width) && d < bestD) {
          best = p;
          bestD = d;
        }
      }
      if (!best) {
        best = { seen: [] };
        people.push(best);
      }
      best.seen.push({ frame, face });
      taken.add(best);
    }
  });
  return people;
}

/** A person's typical face: the median of their boxes and angles. */
export function typicalFace(p: Person): SeenFace {
  const boxes = p.seen.map((s) => s.face.box);
  return {
    box: {
      x: median(boxes.map((b) => b.x)),
      y: median(boxes.map((b) => b.y)),
      width: median(boxes.map((b) => b.width)),
      height: median(boxes.map((b) => b.height)),
      score: median(boxes.map((b) => b.score)),
    },
    yaw: median(p.seen.map((s) => s.face.yaw)),
    pitch: median(p.seen.map((s) => s.face.pitch)),
  };
}

/**
 * How prominent a person is, 0..1: their face's size against the largest person's, times the share
 * of frames they are in, weighted by how near the middle of the frame and how frontal they are (each
 * of those halves the score at worst, so a large face at the edge still beats a small one in the
 * middle).
 */
export function prominence(
  p: Person,
  frameCount: number,
  frame: { width: number; height: number },
  largestWidth: number,
): number {
  const f = typicalFace(p);
  const size = largestWidth > 0 ? f.box.width / largestWidth : 0;
  const presence = frameCount > 0 ? p.seen.length / frameCount : 0;
  const c = centreOf(f.box);
  const off = Math.hypot((c.x - frame.width / 2) / frame.width, (c.y - frame.height / 2) / frame.height);
  const centrality = 1 - Math.min(1, off / Math.SQRT1_2);
  const rad = Math.PI / 180;
  const frontality = Math.max(0, Math.cos(f.yaw * rad) * Math.cos(f.pitch * rad));
  return size * presence * (0.5 + 0.5 * centrality) * (0.5 + 0.5 * frontality);
}

/** The people found and which of them speaks (-1 when there is nobody). */
export interface Cast {
  people: Person[];
  speaker: number;
  /** The most faces seen in any one frame. */
  mostAtOnce: number;
}

/**
 * The people in the frames searched and the one who speaks. `near` (a box from an earlier search of
 * the same source) picks the person nearest to it instead, so a later search of another part of a
 * long clip follows the same person.
 */
export function castOf(
  frames: readonly (readonly SeenFace[])[],
  frame: { width: number; height: number },
  near?: FaceBox,
): Cast {
  const people = groupPeople(frames);
  if (people.length === 0) return { people, speaker: -1, mostAtOnce: 0 };
  if (!people.some(canSpeak)) return { people, speaker: -1, mostAtOnce: countAtOnce(people, frames.length) };
  // The speaker counts whatever the detector's score.
  const mostAtOnce = Math.max(1, countAtOnce(people, frames.length));
  let speaker = people.findIndex(canSpeak);
  if (near) {
    const c = centreOf(near);
    let bestD = Infinity;
    people.forEach((p, i) => {
      if (!canSpeak(p)) return;
      const pc = centreOf(typicalFace(p).box);
      const d = Math.hypot(pc.x - c.x, pc.y - c.y);
      if (d < bestD) {
        bestD = d;
        speaker = i;
      }
    });
  } else {
    const largest = Math.max(...people.map((p) => typicalFace(p).box.width));
    let best = -1;
    people.forEach((p, i) => {
      if (!canSpeak(p)) return;
      const s = prominence(p, frames.length, frame, largest);
      if (s > best) {
        best = s;
        speaker = i;
      }
    });
  }
  return { people, speaker, mostAtOnce };
}

/**
 * The most people seen in one frame, counting only faces that are surely faces and, where three
 * frames or more were searched, people seen in two of them at least (a false face in one frame is
 * not a person).
 */
export function countAtOnce(people: readonly Person[], frameCount: number): number {
  const perFrame = new Array<number>(frameCount).fill(0);
  for (const p of people) {
    if (frameCount >= 3 && p.seen.length < 2) continue;
    for (const s of p.seen) if (s.face.sure !== false) perFrame[s.frame]!++;
  }
  return perFrame.reduce((m, n) => Math.max(m, n), 0);
}

/** Where a face sits in the frame, in words a person reads ("on the left", "in the middle"). */
export function placeOf(box: { x: number; width: number }, frame: { width: number; height: number }): string {
  const x = (box.x + box.width / 2) / frame.width;
  return x < 0.4 ? 'on the left' : x > 0.6 ? 'on the right' : 'in the middle';
}
