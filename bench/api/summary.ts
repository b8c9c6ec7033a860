// bench/api's summary: each phase's windows of likeness and of the bare route, the worst p99 of
// likeness against the aim (10 ms) and the throughput of likeness / bare (means over the windows)
// against the aim (0.5).
import type { Load } from '../lib/load.js';

export const AIM_P99_MS = 10;
export const AIM_THROUGHPUT = 0.5;

export class Windows {
  private readonly phases = new Map<string, { ours: Load[]; bare: Load[] }>();

  add(phase: string, who: 'likeness' | 'bare', load: Load): void {
    const p = this.phases.get(phase) ?? { ours: [], bare: [] };
    (who === 'likeness' ? p.ours : p.bare).push(load);
    this.phases.set(phase, p);
  }

  /** The markdown table of the phases measured, in the order they were. */
  print(): void {
    const worst = (all: Load[]) => Math.max(...all.map((l) => l.p99));
    const mean = (all: Load[]) => all.reduce((a, b) => a + b.rps, 0) / all.length;
    console.log(
      `\n| phase | windows (likeness + bare) | likeness worst p99 | aim ≤ ${AIM_P99_MS} ms | bare worst p99 | ` +
        `req/s likeness / bare | aim ≥ ${AIM_THROUGHPUT} |`,
    );
    console.log('|---|---|---|---|---|---|---|');
    for (const [phase, { ours, bare }] of this.phases) {
      if (ours.length === 0 || bare.length === 0) {
        console.log(`| ${phase} | ${ours.length} + ${bare.length} | – | not measured | – | – | – |`);
        continue;
      }
      const p99 = worst(ours);
      const ratio = mean(ours) / mean(bare);
      console.log(
        `| ${phase} | ${ours.length} + ${bare.length} | ${p99} ms | ${p99 <= AIM_P99_MS ? 'met' : 'missed'} | ` +
          `${worst(bare)} ms | ${ratio.toFixed(2)} | ${ratio >= AIM_THROUGHPUT ? 'met' : 'missed'} |`,
      );
    }
  }
}
