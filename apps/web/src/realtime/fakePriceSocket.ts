import type { PriceSocket, PriceSocketSettings } from './pricesSocket';

type Listener = (...args: unknown[]) => void;

/** A stand-in for a Socket.IO socket: tests play the server by calling `serverSends` and friends. */
export class FakePriceSocket implements PriceSocket {
  connected = false;
  active = true;
  readonly emitted: { event: string; payload: unknown }[] = [];
  disconnectCalls = 0;
  private readonly listeners = new Map<string, Listener[]>();
  private readonly managerListeners = new Map<string, Listener[]>();

  constructor(
    readonly url: string,
    readonly settings: PriceSocketSettings,
  ) {}

  on(event: string, listener: Listener): void {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
  }

  onManager(event: string, listener: Listener): void {
    this.managerListeners.set(event, [...(this.managerListeners.get(event) ?? []), listener]);
  }

  emit(event: string, payload?: unknown): void {
    this.emitted.push({ event, payload });
  }

  disconnect(): void {
    this.disconnectCalls += 1;
    this.connected = false;
    this.active = false;
  }

  /** Events the client emitted, by name. */
  sent(event: string): unknown[] {
    return this.emitted.filter((e) => e.event === event).map((e) => e.payload);
  }

  serverSends(event: string, ...args: unknown[]): void {
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }

  managerSends(event: string): void {
    for (const listener of this.managerListeners.get(event) ?? []) listener();
  }

  /** The handshake succeeds. */
  open(): void {
    this.connected = true;
    this.serverSends('connect');
  }
}
