// The footage bench's tables: one row per item (what the service made of the file), one per video
// (lip sync, render time against the bare encode), and a summary line.
import { POLL_MS } from './api.js';
import { AIM } from './measure.js';
import type { Item } from './items.js';

export interface ItemRow {
  item: Item;
  result: 'accepted' | 'refused' | 'error';
  /** The refusal's code and reason, or the exception. */
  reason?: string;
  /** Said when the outcome is not the one the service's rules call for (a short clip accepted). */
  unexpected?: string;
  facesFound?: number;
  faceWidthPx?: number;
  /** Share of the tracker's samples with a face (the console's stored report); null: not available. */
  foundShare?: number | null;
  avatarSec?: number;
  /** Where the face that speaks is (source pixels), as the avatar task said. */
  speaker?: { x: number; y: number; width: number; height: number };
}

export interface VideoRow {
  item: string;
  drive: string;
  /** The task's failure or an exception; the other fields are then partly or wholly absent. */
  error?: string;
  r?: number;
  lagMs?: number;
  openRatio?: number;
  meterFaces?: number;
  frames?: number;
  misses?: string[];
  renderSec?: number;
  bareSec?: number;
  /** What the meter was given as the face's reference. */
  reference?: string;
}

const cell = (v: string) => v.replace(/\|/g, '\\|').replace(/\s+/g, ' ');
const num = (v: number | undefined | null, digits: number) =>
  v === undefined || v === null || !Number.isFinite(v) ? '–' : v.toFixed(digits);
const median = (v: number[]) => {
  const s = [...v].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length === 0 ? undefined : s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const table = (head: string[], rows: string[][]) =>
  [head, head.map(() => '---'), ...rows].map((r) => `| ${r.map(cell).join(' | ')} |`).join('\n');

function itemCells(r: ItemRow): string[] {
  const { item } = r;
  const size = item.width ? `${item.width}x${item.height}` : `? (${item.probeError ?? 'unreadable'})`;
  const result =
    r.result === 'accepted'
      ? 'accepted'
      : `${r.result === 'refused' ? 'refused' : 'ERROR'}: ${r.reason ?? ''}`;
  return [
    item.name,
    item.kind === 'image' ? 'photo' : 'clip',
    size,
    item.durationSec === null ? '–' : `${item.durationSec.toFixed(2)} s`,
    r.unexpected ? `${result} (UNEXPECTED: ${r.unexpected})` : result,
    r.facesFound === undefined ? '–' : String(r.facesFound),
    r.faceWidthPx === undefined ? '–' : String(r.faceWidthPx),
    r.foundShare === undefined || r.foundShare === null ? '–' : `${(r.foundShare * 100).toFixed(0)} %`,
    num(r.avatarSec, 0),
  ];
}

function videoCells(v: VideoRow): string[] {
  const ratio = v.renderSec !== undefined && v.bareSec ? v.renderSec / v.bareSec : undefined;
  const aims = v.misses ? (v.misses.length ? `FAIL (${v.misses.join(', ')})` : 'pass') : '–';
  return [
    v.item,
    v.drive,
    num(v.r, 2),
    num(v.lagMs, 0),
    num(v.openRatio, 2),
    v.frames === undefined ? '–' : `${v.meterFaces}/${v.frames}`,
    v.error ? `ERROR: ${v.error}` : aims,
    num(v.renderSec, 0),
    num(v.bareSec, 1),
    num(ratio, 1),
    v.reference ?? '–',
  ];
}

/** One video's row as a progress line, once it is measured. */
export function videoLine(v: VideoRow): string {
  const [, , r, lag, open, faces, aims, render, bare, ratio, ref] = videoCells(v);
  return (
    `  ${v.drive}: r ${r}, lag ${lag} ms, open ratio ${open}, meter faces ${faces}, ${aims}; ` +
    `render ${render} s, bare ${bare} s, ratio ${ratio}; reference ${ref}`
  );
}

export function printReport(items: ItemRow[], videos: VideoRow[]): void {
  const poll = `polled every ${POLL_MS / 1000} s, so up to ${POLL_MS / 1000} s late`;
  console.log(`\nAvatar s: from create_by_* to the avatar task's status 3 or 4 (${poll}).`);
  console.log(
    table(
      [
        'item',
        'kind',
        'size',
        'length',
        'result',
        'faces found',
        'face width px',
        'face found in',
        'avatar s',
      ],
      items.map(itemCells),
    ),
  );
  console.log(
    `\nAims: r ≥ ${AIM.r} at the best lag, |lag| ≤ ${AIM.lagMs} ms, open ratio ≥ ${AIM.openRatio}. ` +
      `Render s: from create_by_* to the video task's status 3 (${poll}). Bare s: ffmpeg alone encoding ` +
      'the source (clip looped, photo held) at the output size and rate with the same sound, right after.',
  );
  console.log(
    table(
      [
        'item',
        'drive',
        'r',
        'lag ms',
        'open ratio',
        'meter faces / frames',
        'aims',
        'render s',
        'bare s',
        'ratio',
        'meter reference',
      ],
      videos.map(videoCells),
    ),
  );
  const count = (res: ItemRow['result']) => items.filter((i) => i.result === res).length;
  const measured = videos.filter((v) => v.misses);
  const rs = measured.map((v) => v.r!).filter(Number.isFinite);
  const failed = videos.filter((v) => v.error).length;
  console.log(
    `\n${items.length} items: ${count('accepted')} accepted, ${count('refused')} refused, ${count('error')} errors` +
      `${items.some((i) => i.unexpected) ? ` (${items.filter((i) => i.unexpected).length} UNEXPECTED)` : ''}; ` +
      `${videos.length} videos: ${measured.filter((v) => v.misses!.length === 0).length} meet all aims, ` +
      `${failed} failed; median r ${num(median(rs), 2)}`,
  );
}
