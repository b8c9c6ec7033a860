import { filterOptions, formatNumber } from '../ffmpeg/filter-escape.js';
import { coverFit, holdFrame } from './avatar-filters.js';
import type { Box, Corner } from './types.js';

/** Pure builders for the final picture graph: avatar → template → subtitles → poster → AIGC mark. */

export interface Canvas {
  width: number;
  height: number;
  fps: number;
}

export interface ComposeGraphSpec {
  canvas: Canvas;
  /** Graph fragment(s) whose last output is `[avatar]`, already at its display size. */
  avatarGraph: string;
  /** Template: background input index and where the avatar goes. */
  layout: { backgroundInput: number; avatarBox: Box } | null;
  subtitles: { assPath: string; fontsDir: string } | null;
  poster: { input: number } | null;
  aigc: { text: string; fontFile: string; corner: Corner } | null;
  /** A draft's mark, drawn large on a red box (draftMarkFilter). */
  draftMark?: { text: string; fontFile: string; corner: Corner } | null;
  /** A still of output frame `frame` as it is encoded, for a second output (a JPEG for players). */
  still?: { frame: number } | null;
}

export interface ComposedGraph {
  graph: string;
  videoLabel: string;
  coverLabel: string | null;
  /** Graph output label of the still (one frame, full-range for JPEG), if asked for. */
  stillLabel: string | null;
}

export function assFilter(assPath: string, fontsDir: string): string {
  return `ass=${filterOptions({ filename: assPath, fontsdir: fontsDir })}`;
}

/**
 * The visible AIGC mark: light text on a translucent dark box in one corner, sized from the
 * frame height (2.6 %, at least 14 px) with a margin of 3 % of the shorter side.
 */
export function aigcMarkFilter(text: string, fontFile: string, canvas: Canvas, corner: Corner): string {
  return cornerMarkFilter(text, fontFile, canvas, corner, { height: 0.026, box: 'black@0.35' });
}

/** A draft's mark: white text on a red box, twice the AIGC mark's size, so no one takes it for a real render. */
export function draftMarkFilter(text: string, fontFile: string, canvas: Canvas, corner: Corner): string {
  return cornerMarkFilter(text, fontFile, canvas, corner, { height: 0.052, box: 'red@0.75' });
}

function cornerMarkFilter(
  text: string,
  fontFile: string,
  canvas: Canvas,
  corner: Corner,
  look: { height: number; box: string },
): string {
  const fontSize = Math.max(14, Math.round(canvas.height * look.height));
  const pad = Math.max(2, Math.round(fontSize * 0.3));
  const margin = Math.round(Math.min(canvas.width, canvas.height) * 0.03) + pad;
  const x = corner.endsWith('left') ? String(margin) : `w-tw-${margin}`;
  const y = corner.startsWith('top') ? String(margin) : `h-th-${margin}`;
  return `drawtext=${filterOptions({
    fontfile: fontFile,
    expansion: 'none',
    text,
    fontsize: fontSize,
    fontcolor: 'white@0.9',
    box: 1,
    boxcolor: look.box,
    boxborderw: pad,
    x,
    y,
  })}`;
}

/**
 * Assembles the whole picture graph. The background is decoded once and held; the poster
 * replaces frame 0 only (so players and platforms that take the first frame as thumbnail show it)
 * and is also output as `[cover]` for the MP4's attached picture. Subtitles go on top of the
 * template, the AIGC mark on top of everything, including the poster frame. A still of one frame
 * can be taken from the finished picture for a second output.
 */
export function composeGraph(spec: ComposeGraphSpec): ComposedGraph {
  const { canvas } = spec;
  const parts = [spec.avatarGraph];
  let cur = 'avatar';
  const step = (filter: string, label: string) => {
    parts.push(`[${cur}]${filter}[${label}]`);
    cur = label;
  };
  if (spec.layout) {
    const b = spec.layout.avatarBox;
    parts.push(
      `[${spec.layout.backgroundInput}:v]scale=${canvas.width}:${canvas.height},setsar=1,${holdFrame(canvas.fps)}[bg]`,
    );
    parts.push(`[bg][${cur}]overlay=x=${b.x}:y=${b.y}:eof_action=repeat[base]`);
    cur = 'base';
  }
  if (spec.subtitles) step(assFilter(spec.subtitles.assPath, spec.subtitles.fontsDir), 'subbed');
  let coverLabel: string | null = null;
  if (spec.poster) {
    parts.push(`[${spec.poster.input}:v]${coverFit(canvas)},split=2[poster_frame][poster_pic]`);
    parts.push(
      `[${cur}][poster_frame]overlay=x=0:y=0:eof_action=repeat:${filterOptions({ enable: 'eq(n,0)' })}[posted]`,
    );
    parts.push('[poster_pic]format=yuvj420p[cover]');
    cur = 'posted';
    coverLabel = 'cover';
  }
  if (spec.aigc) step(aigcMarkFilter(spec.aigc.text, spec.aigc.fontFile, canvas, spec.aigc.corner), 'marked');
  const d = spec.draftMark;
  if (d) step(draftMarkFilter(d.text, d.fontFile, canvas, d.corner), 'drafted');
  const picture = `[${cur}]fps=${formatNumber(canvas.fps)},format=yuv420p`;
  if (!spec.still) {
    parts.push(`${picture}[vout]`);
    return { graph: parts.join(';'), videoLabel: 'vout', coverLabel, stillLabel: null };
  }
  // The split shares each frame (neither branch writes to it); the still's branch keeps one and
  // then ends. It must end: ffmpeg 4 keeps pulling frames for an output whose sink has not (a
  // `select` of one frame never does), reading endless sources (a held background) for ever.
  const n = spec.still.frame;
  parts.push(`${picture},split=2[vout][still_all]`);
  parts.push(`[still_all]trim=start_frame=${n}:end_frame=${n + 1},format=yuvj420p[still]`);
  return { graph: parts.join(';'), videoLabel: 'vout', coverLabel, stillLabel: 'still' };
}
