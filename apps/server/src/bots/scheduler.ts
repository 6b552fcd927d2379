import type { FastifyBaseLogger } from 'fastify';

export interface Job {
  name: string;
  /** Time between the end of one run and the start of the next, ms. */
  everyMs: number;
  run(): Promise<void> | void;
}

interface Slot {
  job: Job;
  timer?: NodeJS.Timeout;
  current?: Promise<void>;
}

/**
 * The `bots` role's job runner (DESIGN §1: advisors, AutoTrader, interest accrual, expiries). Jobs
 * are registered once at build time on every node; they run only while this node holds the role
 * (`start`), never overlap themselves, and stop when the role is lost or the node shuts down.
 */
export class Scheduler {
  private readonly slots = new Map<string, Slot>();
  private active = false;

  constructor(private readonly log: FastifyBaseLogger) {}

  /** Adds a job; if the scheduler is running, it is scheduled at once. */
  register(job: Job): void {
    if (this.slots.has(job.name)) throw new Error(`a job named ${job.name} is already registered`);
    if (!(job.everyMs > 0)) throw new Error(`job ${job.name}: everyMs must be positive`);
    const slot: Slot = { job };
    this.slots.set(job.name, slot);
    if (this.active) this.schedule(slot);
  }

  get running(): boolean {
    return this.active;
  }

  jobs(): string[] {
    return [...this.slots.keys()];
  }

  start(): void {
    if (this.active) return;
    this.active = true;
    for (const slot of this.slots.values()) this.schedule(slot);
  }

  /** Stops scheduling and waits for the runs under way to finish. */
  async stop(): Promise<void> {
    this.active = false;
    for (const slot of this.slots.values()) {
      clearTimeout(slot.timer);
      slot.timer = undefined;
    }
    await Promise.allSettled([...this.slots.values()].map((s) => s.current));
  }

  private schedule(slot: Slot): void {
    slot.timer = setTimeout(() => this.fire(slot), slot.job.everyMs);
    slot.timer.unref();
  }

  private fire(slot: Slot): void {
    slot.timer = undefined;
    if (!this.active) return;
    slot.current = (async () => {
      try {
        await slot.job.run();
      } catch (e) {
        this.log.error({ err: e, job: slot.job.name }, 'scheduled job failed');
      }
    })().finally(() => {
      slot.current = undefined;
      if (this.active && !slot.timer) this.schedule(slot);
    });
  }
}
