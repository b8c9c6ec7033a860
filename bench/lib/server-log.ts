// The server's JSON log lines a bench reads (pino: `time` in epoch ms, `msg`), kept when they carry
// one of the given words: a cheap substring test before parsing, since a bench's load generator
// shares this process with the reading of every line the server writes.

export interface LogLine {
  time: number;
  msg: string;
  [field: string]: unknown;
}

type Match = (line: LogLine) => boolean;

export class ServerLog {
  readonly lines: LogLine[] = [];
  private readonly waiters: { match: Match; resolve: (line: LogLine) => void }[] = [];

  constructor(private readonly words: readonly string[]) {}

  /** Give this to StartOptions.onLine. */
  readonly onLine = (raw: string): void => {
    if (!raw.startsWith('{') || !this.words.some((w) => raw.includes(w))) return;
    let line: LogLine;
    try {
      line = JSON.parse(raw) as LogLine;
    } catch {
      return; // not a log line
    }
    this.lines.push(line);
    for (const w of [...this.waiters]) {
      if (!w.match(line)) continue;
      this.waiters.splice(this.waiters.indexOf(w), 1);
      w.resolve(line);
    }
  };

  find(match: Match): LogLine | undefined {
    return this.lines.find(match);
  }

  /** The first line that matches, already written or written within `timeoutMs`; null if none. */
  async waitFor(match: Match, timeoutMs: number): Promise<LogLine | null> {
    const seen = this.find(match);
    if (seen) return seen;
    let timer: NodeJS.Timeout | undefined;
    const waiter = { match, resolve: (_: LogLine) => undefined as void };
    const found = new Promise<LogLine>((resolve) => {
      waiter.resolve = resolve;
      this.waiters.push(waiter);
    });
    const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), timeoutMs)));
    try {
      return await Promise.race([found, late]);
    } finally {
      clearTimeout(timer);
      const i = this.waiters.indexOf(waiter);
      if (i >= 0) this.waiters.splice(i, 1);
    }
  }
}

/** The message words of the catalogue's start-up lines ('catalogue seeded …', 'catalogue ready …'). */
export const isCatalogueReady: Match = (l) => l.msg.startsWith('catalogue ready');
export const isCatalogueSeeded: Match = (l) => l.msg.startsWith('catalogue seeded');

/** The 'work rendered' line of one task (its step split: queuedMs, ms). */
export const isRendered =
  (taskId: string): Match =>
  (l) =>
    l.msg === 'work rendered' && l.taskId === taskId;
