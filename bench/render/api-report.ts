// bench/render/api.ts's figures: one line per render (the client's time, the server's, the step
// split, the poll latency) and the final table, one row per size and kind of video.
import { medianAndRange } from '../lib/stats.js';
import type { LogLine } from '../lib/server-log.js';

/** The aim for a video through the API, against the bare encode (as the client sees it). */
export const AIM_RATIO = 1.3;
/** The aim for a fresh service's first video against a settled one's (client ratios). */
export const AIM_FRESH = 1.1;

export type VideoKind =
  'fresh, first video of a new avatar' | 'settled, first video of a new avatar' | 'settled, later';

export interface RenderTimes {
  /** Submission until the poll that saw status 3 answered. */
  clientMs: number;
  /** Submission until the server logged 'work rendered' (its clock: the same machine). */
  serverMs: number;
  /** Peak resident memory of the server's process tree during the render. */
  peakMb: number;
  /** The server's 'work rendered' line, if it came. */
  line: LogLine | null;
}

export interface Measured extends RenderTimes {
  size: string;
  kind: VideoKind;
  /** The bare encode this render is compared with (the mean of its two neighbours). */
  bareMs: number;
}

const sec = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The server's step split and the poll latency, as one indented line. */
export function stepsLine(r: RenderTimes): string {
  const pollMs = r.clientMs - r.serverMs;
  if (!r.line) return `  (no 'work rendered' line from the server; poll latency unknown)`;
  const ms = (r.line.ms ?? {}) as Record<string, number>;
  const steps = Object.entries(ms)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  const facts = ['regionSource', 'loop', 'loopDecoding']
    .filter((k) => r.line![k] != null)
    .map((k) => `${k} ${String(r.line![k])}`)
    .join(', ');
  return (
    `  server's steps (ms): queued ${String(r.line.queuedMs)}; ${steps}; then poll latency ${pollMs.toFixed(0)}` +
    (facts ? `\n  ${facts}` : '')
  );
}

/** One render's result line. */
export function renderLine(m: Measured, before: number, after: number): string {
  return (
    `${m.size} ${m.kind}: as the client saw it ${sec(m.clientMs)}, server finished after ${sec(m.serverMs)} ` +
    `(poll latency ${(m.clientMs - m.serverMs).toFixed(0)} ms); bare encode ${sec(before)} before, ${sec(after)} after; ` +
    `ratio ${(m.clientMs / m.bareMs).toFixed(2)} (client), ${(m.serverMs / m.bareMs).toFixed(2)} (server); ` +
    `server peak RSS ${m.peakMb.toFixed(0)} MB`
  );
}

/** A value, or the median (range) of several. */
function cell(values: number[], fmt: (v: number) => string): string {
  const m = medianAndRange(values);
  if (!m) return '–';
  if (values.length === 1) return fmt(m.median);
  return `${fmt(m.median)} (${fmt(m.low)}–${fmt(m.high)})`;
}

/** The final markdown table, then the fresh/settled comparison of each size's first videos. */
export function printTable(all: Measured[], seconds: number, pollMs: number): void {
  const kinds: VideoKind[] = [
    'fresh, first video of a new avatar',
    'settled, first video of a new avatar',
    'settled, later',
  ];
  const sizes = [...new Set(all.map((m) => m.size))];
  const r2 = (v: number) => v.toFixed(2);
  console.log(
    `\n| output (${seconds} s, 25 fps) | video | as the client saw it (polled every ${pollMs / 1000} s) | server finished after | ` +
      `bare ffmpeg encode | ratio (client) | ratio (server) | server peak RSS | aim ≤ ${AIM_RATIO} (client) |`,
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const size of sizes) {
    for (const kind of kinds) {
      const ms = all.filter((m) => m.size === size && m.kind === kind);
      if (ms.length === 0) continue;
      const col = (f: (m: Measured) => number, fmt: (v: number) => string) => cell(ms.map(f), fmt);
      const client = ms.map((m) => m.clientMs / m.bareMs);
      const worst = Math.max(...client);
      const met = medianAndRange(client)!.median <= AIM_RATIO;
      const cells = [
        size,
        ms.length > 1 ? `${kind} (median of ${ms.length}, range)` : kind,
        col((m) => m.clientMs, sec),
        col((m) => m.serverMs, sec),
        col((m) => m.bareMs, sec),
        `**${cell(client, r2)}**`,
        col((m) => m.serverMs / m.bareMs, r2),
        `${Math.max(...ms.map((m) => m.peakMb)).toFixed(0)} MB`,
        met && worst > AIM_RATIO ? `met (worst ${r2(worst)})` : met ? 'met' : 'missed',
      ];
      console.log(`| ${cells.join(' | ')} |`);
    }
  }
  for (const size of sizes) {
    const first = (kind: VideoKind) => all.find((m) => m.size === size && m.kind === kind);
    const fresh = first(kinds[0]!);
    const settled = first(kinds[1]!);
    if (!fresh || !settled) continue;
    const ratio = fresh.clientMs / fresh.bareMs / (settled.clientMs / settled.bareMs);
    const raw = fresh.clientMs / settled.clientMs;
    console.log(
      `${size}: fresh / settled, first video of a new avatar: ${r2(ratio)} of the client ratios ` +
        `(${r2(raw)} of the client times) — aim ≤ ${AIM_FRESH}: ${ratio <= AIM_FRESH ? 'met' : 'missed'}`,
    );
  }
}
