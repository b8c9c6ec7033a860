import { fitText } from './text-layout.js';
import type { SubtitleCue, SubtitleStyle } from './types.js';
import { SHIPPED_FACE_NAME } from '../fonts/index.js';

/** '#rrggbb' (or '#rgb') to ASS '&H00BBGGRR' (alpha 00 = opaque). */
export function assColour(hex: string): string {
  const m = /^#?([0-9a-f]{6}|[0-9a-f]{3})$/i.exec(hex.trim());
  if (!m?.[1]) throw new RangeError(`colour ${JSON.stringify(hex)} is not #rrggbb`);
  const h = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  const [r, g, b] = [h.slice(0, 2), h.slice(2, 4), h.slice(4, 6)];
  return `&H00${b}${g}${r}`.toUpperCase();
}

/** Seconds to ASS time H:MM:SS.cc (centiseconds). */
export function assTime(sec: number): string {
  const cs = Math.max(0, Math.round(sec * 100));
  const h = Math.floor(cs / 360000);
  const m = Math.floor((cs % 360000) / 6000);
  const s = Math.floor((cs % 6000) / 100);
  const c = cs % 100;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${h}:${two(m)}:${two(s)}.${two(c)}`;
}

/**
 * Makes user text literal in an ASS event: braces would open override blocks (libass honours
 * `\{` `\}`), and a backslash before N, n or h would become a line break or hard space, so that
 * backslash becomes a full-width one.
 */
export function assEscapeText(text: string): string {
  return text
    .replace(/\\(?=[Nnh{}])/g, '＼')
    .replace(/[{}]/g, (c) => `\\${c}`)
    .replace(/\r/g, '');
}

/**
 * Sorted cues with overlaps removed: positioned events are not stacked by libass, so two cues
 * visible at once would draw over each other. Empty or zero-length cues are dropped.
 */
export function normaliseCues(cues: readonly SubtitleCue[]): SubtitleCue[] {
  const sorted = cues
    .filter((c) => c.text.trim() !== '' && c.endSec > c.startSec)
    .map((c) => ({ ...c, startSec: Math.max(0, c.startSec) }))
    .sort((a, b) => a.startSec - b.startSec);
  return sorted
    .map((c, i) => {
      const next = sorted[i + 1];
      return next && next.startSec < c.endSec ? { ...c, endSec: next.startSec } : c;
    })
    .filter((c) => c.endSec > c.startSec);
}

/**
 * Keeps the subtitle area inside the frame: shrunk to the frame's size at most, then moved in. An
 * area given for a larger canvas (the spec's default y of 900 on a 640-high video) would otherwise
 * put every subtitle off-screen. Pure.
 */
export function fitAreaToFrame(
  area: { x: number; y: number; width: number; height: number },
  video: { width: number; height: number },
): { x: number; y: number; width: number; height: number } {
  const width = Math.max(1, Math.min(area.width, video.width));
  const height = Math.max(1, Math.min(area.height, video.height));
  return {
    x: Math.min(Math.max(0, area.x), video.width - width),
    y: Math.min(Math.max(0, area.y), video.height - height),
    width,
    height,
  };
}

/**
 * An ASS script that draws each cue centred in the subtitle area (`\an5\pos`), wrapped by us to
 * the area's width (WrapStyle 2: libass does not re-wrap) and shrunk per cue until it fits the
 * area's height. PlayResX/Y equal the video size, so style numbers are output pixels. Pure.
 */
export function buildAssSubtitles(
  cues: readonly SubtitleCue[],
  requested: SubtitleStyle,
  video: { width: number; height: number },
): string {
  const style = { ...requested, ...fitAreaToFrame(requested, video) };
  const font = style.fontName ?? SHIPPED_FACE_NAME;
  const primary = assColour(style.primaryColor);
  const outlineColour = assColour(style.outlineColor);
  const baseSize = Math.max(1, Math.round(style.fontSize));
  const area = { width: Math.max(1, style.width), height: Math.max(1, style.height) };
  const cx = Math.round(style.x + style.width / 2);
  const cy = Math.round(style.y + style.height / 2);
  const header = [
    '[Script Info]',
    '; Subtitles written by likeness',
    'ScriptType: v4.00+',
    `PlayResX: ${video.width}`,
    `PlayResY: ${video.height}`,
    'WrapStyle: 2',
    'ScaledBorderAndShadow: yes',
    'YCbCr Matrix: None',
    '',
    '[V4+ Styles]',
    'Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding',
    `Style: Default,${font.replace(/,/g, '')},${baseSize},${primary},${primary},${outlineColour},&H80000000,0,0,0,0,100,100,0,0,1,${Math.max(1, Math.round(baseSize * 0.05))},0,5,0,0,0,1`,
    '',
    '[Events]',
    'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
  ];
  const events = normaliseCues(cues).map((cue) => {
    const fit = fitText(cue.text.trim(), area, baseSize);
    const text = fit.lines.map(assEscapeText).join('\\N');
    const tags = `{\\an5\\pos(${cx},${cy})\\fs${fit.fontSize}\\bord${fit.outline}\\q2}`;
    return `Dialogue: 0,${assTime(cue.startSec)},${assTime(cue.endSec)},Default,,0,0,0,,${tags}${text}`;
  });
  return [...header, ...events, ''].join('\n');
}
