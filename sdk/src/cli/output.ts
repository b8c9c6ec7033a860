/** What the CLI prints: tables and key/value lines for people, JSON for scripts, a progress bar on stderr. */
import type { TaskProgress } from '../wait.js';

export interface Streams {
  stdout: { write(s: string): unknown; isTTY?: boolean };
  stderr: { write(s: string): unknown; isTTY?: boolean; columns?: number };
}

const STATUS = ['', 'waiting', 'processing', 'completed', 'failed'];

/** Display width of a string: CJK and other wide characters take two columns. */
export function displayWidth(s: string): number {
  let w = 0;
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    w +=
      (c >= 0x1100 && c <= 0x115f) ||
      (c >= 0x2e80 && c <= 0xa4cf) ||
      (c >= 0xac00 && c <= 0xd7a3) ||
      (c >= 0xf900 && c <= 0xfaff) ||
      (c >= 0xfe30 && c <= 0xfe4f) ||
      (c >= 0xff00 && c <= 0xff60) ||
      (c >= 0xffe0 && c <= 0xffe6)
        ? 2
        : 1;
  }
  return w;
}

const pad = (s: string, width: number) => s + ' '.repeat(Math.max(0, width - displayWidth(s)));

/** A plain-text table: a header row, then one row per item; columns as wide as their widest cell. */
export function formatTable(rows: Record<string, unknown>[], columns: string[]): string {
  if (rows.length === 0) return '(none)\n';
  const cells = rows.map((r) =>
    columns.map((c) => (r[c] === undefined || r[c] === null ? '' : String(r[c]))),
  );
  const widths = columns.map((c, i) =>
    Math.max(displayWidth(c), ...cells.map((row) => displayWidth(row[i]!))),
  );
  const line = (vals: string[]) =>
    vals
      .map((v, i) => (i === vals.length - 1 ? v : pad(v, widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(columns.map((c) => c.toUpperCase())), ...cells.map(line)].join('\n') + '\n';
}

/** `key  value` lines, keys aligned. */
export function formatFields(obj: Record<string, unknown>): string {
  const keys = Object.keys(obj).filter((k) => obj[k] !== undefined && obj[k] !== '');
  const width = Math.max(0, ...keys.map((k) => k.length));
  return keys.map((k) => `${k.padEnd(width)}  ${String(obj[k])}`).join('\n') + '\n';
}

/** A text progress bar: `[######--------------]  30% processing`. */
export function progressBar(progress: number, width = 24): string {
  const p = Math.max(0, Math.min(100, Math.round(progress)));
  const filled = Math.round((p / 100) * width);
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${String(p).padStart(3)}%`;
}

export class Output {
  constructor(
    private readonly io: Streams,
    readonly json: boolean,
    private readonly quiet = false,
  ) {}

  /** The result of a command: JSON in --json mode, else what `human` prints. */
  result(data: unknown, human: () => string): void {
    this.io.stdout.write(this.json ? `${JSON.stringify(data, null, 2)}\n` : human());
  }

  /** A note for people (stderr, so stdout stays parseable). */
  note(message: string): void {
    if (!this.quiet) this.io.stderr.write(`${message}\n`);
  }

  error(message: string, fields?: Record<string, unknown>): void {
    this.io.stderr.write(this.json && fields ? `${JSON.stringify({ error: fields })}\n` : `${message}\n`);
  }

  /**
   * A progress reporter for waitForTask. On a terminal it redraws one line; elsewhere (logs, CI) it
   * prints a line when the status changes or the progress passes a quarter.
   */
  progress(label: string): { update: (p: TaskProgress) => void; end: () => void } {
    const tty = this.io.stderr.isTTY === true;
    let lastStatus = -1;
    let lastQuarter = -1;
    let drawn = false;
    const update = (p: TaskProgress) => {
      if (this.quiet) return;
      const text = `${label} ${progressBar(p.progress)} ${STATUS[p.status] ?? p.status}`;
      if (tty) {
        this.io.stderr.write(`\r${text}\x1b[K`);
        drawn = true;
        return;
      }
      const quarter = Math.floor(p.progress / 25);
      if (p.status !== lastStatus || quarter !== lastQuarter) {
        lastStatus = p.status;
        lastQuarter = quarter;
        this.io.stderr.write(`${text}\n`);
      }
    };
    const end = () => {
      if (drawn) this.io.stderr.write('\n');
      drawn = false;
    };
    return { update, end };
  }
}
