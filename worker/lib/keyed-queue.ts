// One promise chain per key: tasks of the same key run one after another, tasks of different keys side by side.
// The venue's hub runs a guest's placements, an order's status changes (worker/orders/order-desk.ts) and a table's
// changes (worker/tables/desk.ts) in their own key's turn through it (docs/decisions/157 and 231).

export class KeyedQueue {
  private readonly chains = new Map<string, Promise<unknown>>();

  /** Runs `task` after every task queued before it under `key`, whether those succeeded or failed. */
  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.chains.get(key) ?? Promise.resolve();
    const run = previous.then(task, task);
    const tail = run.catch(() => undefined);
    this.chains.set(key, tail);
    try {
      return await run;
    } finally {
      // The last task of its key leaves nothing behind.
      if (this.chains.get(key) === tail) this.chains.delete(key);
    }
  }
}
