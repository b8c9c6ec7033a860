// What a bench has to undo (processes it started, schemas, keys, temp dirs), as one stack: a scope
// unwinds what it added in its `finally`, and SIGINT/SIGTERM unwind everything before the bench
// exits, so an interrupted run leaves nothing running or behind either.

type Undo = () => Promise<unknown>;

export class Cleanup {
  private readonly stack: { what: string; undo: Undo }[] = [];
  private unwinding: Promise<void> | null = null;

  /** Exits with 130 after unwinding everything when the bench is interrupted. */
  constructor() {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      process.once(signal, () => {
        console.error(`\n${signal}: cleaning up`);
        void this.unwind(0).finally(() => process.exit(130));
      });
    }
  }

  add(what: string, undo: Undo): void {
    this.stack.push({ what, undo });
  }

  /** The current depth, to unwind a scope back to. */
  mark(): number {
    return this.stack.length;
  }

  /** Undoes, newest first, everything added since `mark`; a failure is reported, not thrown. */
  async unwind(mark: number): Promise<void> {
    // A signal during a scope's own unwinding waits for it, then takes what is left.
    while (this.unwinding) await this.unwinding;
    this.unwinding = (async () => {
      while (this.stack.length > mark) {
        const { what, undo } = this.stack.pop()!;
        await undo().catch((e: unknown) => console.error(`clean-up of ${what} failed:`, e));
      }
    })();
    try {
      await this.unwinding;
    } finally {
      this.unwinding = null;
    }
  }
}
