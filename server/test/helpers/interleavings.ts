import { AsyncLocalStorage } from 'node:async_hooks';
import type { DatabaseConnection, Dialect, Driver, Kysely, TransactionSettings } from 'kysely';

/**
 * Runs a few concurrent operations against one database and decides, at every point where one of
 * them asks for a database connection, which one goes next. On the embedded database a standalone
 * statement or a whole transaction holds the only connection, so these are exactly the points where
 * the operations can interleave. `exploreInterleavings` replays the operations once per possible
 * schedule (a depth-first walk over the choices), so a test sees every interleaving, deterministically
 * and without timing.
 */
export class ConnectionScheduler {
  private readonly als = new AsyncLocalStorage<string>();
  /** Operations parked at the gate, by name, with the function that lets them through. */
  private readonly parked = new Map<string, () => void>();
  private live = new Set<string>();
  private changed: (() => void) | null = null;

  /** Wraps a dialect so that every connection request made inside an operation waits for its turn. */
  gatedDialect(inner: Dialect): Dialect {
    return {
      createAdapter: () => inner.createAdapter(),
      createQueryCompiler: () => inner.createQueryCompiler(),
      createIntrospector: (db: Kysely<unknown>) => inner.createIntrospector(db),
      createDriver: () => new GatedDriver(inner.createDriver(), () => this.gate()),
    };
  }

  private gate(): Promise<void> {
    const op = this.als.getStore();
    if (op === undefined) return Promise.resolve(); // setup and checks run outside any operation
    return new Promise((resolve) => {
      this.parked.set(op, resolve);
      this.notify();
    });
  }

  private notify(): void {
    const c = this.changed;
    this.changed = null;
    c?.();
  }

  /** Every operation still running is parked at the gate (or none is running). */
  private async quiescent(): Promise<void> {
    while (![...this.live].every((op) => this.parked.has(op))) {
      await new Promise<void>((resolve) => (this.changed = resolve));
    }
  }

  /**
   * Starts every operation and, each time all of them are parked or done, lets through the one
   * `choose` picks among the parked ones (offered in the order of `ops`). Returns each operation's
   * outcome and the order in which connections were granted.
   */
  async run(
    ops: [string, () => Promise<unknown>][],
    choose: (parked: string[]) => string,
  ): Promise<{
    outcomes: Map<string, { ok: true; value: unknown } | { ok: false; error: unknown }>;
    trace: string[];
  }> {
    const outcomes = new Map<string, { ok: true; value: unknown } | { ok: false; error: unknown }>();
    const trace: string[] = [];
    this.live = new Set(ops.map(([name]) => name));
    const done = ops.map(([name, fn]) =>
      this.als
        .run(name, fn)
        .then(
          (value) => outcomes.set(name, { ok: true, value }),
          (error: unknown) => outcomes.set(name, { ok: false, error }),
        )
        .finally(() => {
          this.live.delete(name);
          this.notify();
        }),
    );
    for (;;) {
      await this.quiescent();
      if (this.live.size === 0) break;
      const parked = ops.map(([name]) => name).filter((name) => this.parked.has(name));
      const pick = choose(parked);
      const resume = this.parked.get(pick);
      if (!resume) throw new Error(`scheduler picked '${pick}', which is not waiting`);
      this.parked.delete(pick);
      trace.push(pick);
      resume();
    }
    await Promise.all(done);
    return { outcomes, trace };
  }
}

/**
 * Calls `once` with a chooser for every schedule there is, depth first: the first run always takes
 * the first parked operation, each later run changes the deepest choice that still has an untried
 * alternative. Returns how many schedules ran.
 */
export async function exploreInterleavings(
  once: (choose: (parked: string[]) => string) => Promise<void>,
): Promise<number> {
  let prefix: number[] = [];
  let runs = 0;
  for (;;) {
    const decisions: { index: number; options: number }[] = [];
    await once((parked) => {
      const index = prefix[decisions.length] ?? 0;
      decisions.push({ index, options: parked.length });
      const pick = parked[index];
      if (pick === undefined) throw new Error('a replayed schedule offered fewer choices than before');
      return pick;
    });
    runs++;
    let i = decisions.length - 1;
    while (i >= 0 && decisions[i]!.index + 1 >= decisions[i]!.options) i--;
    if (i < 0) return runs;
    prefix = [...decisions.slice(0, i).map((d) => d.index), decisions[i]!.index + 1];
  }
}

class GatedDriver implements Driver {
  constructor(
    private readonly inner: Driver,
    private readonly gate: () => Promise<void>,
  ) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.gate();
    return this.inner.acquireConnection();
  }

  beginTransaction(c: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.inner.beginTransaction(c, settings);
  }

  commitTransaction(c: DatabaseConnection): Promise<void> {
    return this.inner.commitTransaction(c);
  }

  rollbackTransaction(c: DatabaseConnection): Promise<void> {
    return this.inner.rollbackTransaction(c);
  }

  releaseConnection(c: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection(c);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}
