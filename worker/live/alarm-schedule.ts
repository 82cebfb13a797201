// The venue hub's one alarm (a Durable Object has one), shared by named jobs: closing idle tabs
// (worker/tables/idle-alarm.ts) and recomputing the venue's rollups (worker/live/rollup-days.ts). Each job keeps
// when it is due in the hub's own storage and asks to be woken by then; the alarm is set to the earliest ask, and
// when it fires every job runs and decides for itself whether it is due.

export type AlarmJob = { name: string; run(): Promise<void> };

export class AlarmSchedule {
  constructor(private readonly storage: DurableObjectStorage, private readonly jobs: readonly AlarmJob[]) {}

  /** The alarm fires by `at` at the latest: set to it unless it is set earlier already. */
  async wakeBy(at: number): Promise<void> {
    const current = await this.storage.getAlarm();
    if (current === null || current > at) await this.storage.setAlarm(at);
  }

  /** Every job, in order: one that fails is logged and the next still runs (each sets its own retry). */
  async run(): Promise<void> {
    for (const job of this.jobs) {
      try {
        await job.run();
      } catch (err) {
        console.error(JSON.stringify({ level: 'error', message: `hub alarm job failed: ${job.name}`, error: String(err) }));
      }
    }
  }
}
