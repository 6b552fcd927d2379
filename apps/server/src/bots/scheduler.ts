import type { FastifyBaseLogger } from 'fastify';

export interface Job {
  name: string;
  /** Time between the end of one run and the start of the next, ms. */
  everyMs: number;
  run(): Promise<void> | void;
}

/** Work that follows the role rather than a timer (the advisor runner): told when it starts and stops. */
export interface Lifecycle {
  name: string;
  /** Called by `start`; may resolve later (the work tracks its own start-up). */
  start(): void;
  /** Awaited by `stop`, after the jobs stopped being scheduled. */
  stop(): Promise<void> | void;
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
  private readonly lifecycles: Lifecycle[] = [];
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

  /**
   * Adds work that runs for as long as this node holds the role (started at once if it does now),
   * in registration order, and stopped in reverse order.
   */
  attach(work: Lifecycle): void {
    if (this.lifecycles.some((l) => l.name === work.name)) {
      throw new Error(`work named ${work.name} is already attached`);
    }
    this.lifecycles.push(work);
    if (this.active) this.startWork(work);
  }

  /** Attached work by name (tests reach the advisor runner this way). */
  attached(name: string): Lifecycle | undefined {
    return this.lifecycles.find((l) => l.name === name);
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
    for (const work of this.lifecycles) this.startWork(work);
    for (const slot of this.slots.values()) this.schedule(slot);
  }

  /** Stops scheduling, stops the attached work, and waits for the runs under way to finish. */
  async stop(): Promise<void> {
    const wasActive = this.active;
    this.active = false;
    for (const slot of this.slots.values()) {
      clearTimeout(slot.timer);
      slot.timer = undefined;
    }
    for (const work of wasActive ? [...this.lifecycles].reverse() : []) {
      try {
        await work.stop();
      } catch (e) {
        this.log.error({ err: e, work: work.name }, 'stopping role work failed');
      }
    }
    await Promise.allSettled([...this.slots.values()].map((s) => s.current));
  }

  private startWork(work: Lifecycle): void {
    try {
      work.start();
    } catch (e) {
      this.log.error({ err: e, work: work.name }, 'starting role work failed');
    }
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
