// Work a Durable Object keeps alive past its answer (`ctx.waitUntil`), tracked so that it can be waited for: the
// venue hub's pushes and texts once an order is ready (docs/decisions/247). Tests wait on `settled()`, not on a sleep.
export class BackgroundWork {
  private readonly running = new Set<Promise<unknown>>();

  constructor(private readonly waitUntil: (work: Promise<unknown>) => void) {}

  /** Keeps `work` alive past the answer, and counts it until it ends. */
  readonly add = (work: Promise<unknown>): void => {
    const tracked: Promise<unknown> = work.finally(() => this.running.delete(tracked));
    this.running.add(tracked);
    this.waitUntil(tracked);
  };

  /** Resolves once no work is running, including work that running work started. */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }
}
