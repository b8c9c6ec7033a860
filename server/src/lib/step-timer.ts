/**
 * Times the steps of one long piece of work (a render: its inputs, speech, face track, frames,
 * upload) so that its log line says where the time went. Wall-clock milliseconds per step, in the
 * order the steps ran; a step that runs twice adds up.
 */
export class StepTimer {
  private readonly started = performance.now();
  private readonly steps = new Map<string, number>();

  /** Runs `fn` and adds its wall time to `step`, whether it succeeds or throws. */
  async time<T>(step: string, fn: () => Promise<T>): Promise<T> {
    const t0 = performance.now();
    try {
      return await fn();
    } finally {
      this.steps.set(step, (this.steps.get(step) ?? 0) + (performance.now() - t0));
    }
  }

  /** Each step's milliseconds, rounded, plus `total` since the timer was made. */
  summary(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const [k, v] of this.steps) out[k] = Math.round(v);
    out.total = Math.round(performance.now() - this.started);
    return out;
  }
}
