/**
 * Network-namespace test hosts for the fan-out bench: host k is the namespace `obfan<k>` with the
 * address 10.200.k.2, joined to the root namespace (10.200.k.1) by a veth pair. Each host is a
 * distinct client address to the server, as separate machines would be. Needs root.
 */
import { execFileSync } from 'node:child_process';

export const NETNS_PREFIX = 'obfan';

export interface TestHost {
  name: string;
  /** The root namespace's end: where the clients in this host reach the server. */
  serverAddress: string;
  clientAddress: string;
}

const ip = (...args: string[]) => execFileSync('ip', args, { stdio: ['ignore', 'pipe', 'pipe'] }).toString();

export const testHost = (k: number): TestHost => ({
  name: `${NETNS_PREFIX}${k}`,
  serverAddress: `10.200.${k}.1`,
  clientAddress: `10.200.${k}.2`,
});

/** Removes every test host, also ones a crashed earlier run left behind (idempotent). */
export function removeTestHosts(): void {
  const names = ip('netns', 'list')
    .split('\n')
    .map((line) => line.split(' ')[0] ?? '')
    .filter((n) => n.startsWith(NETNS_PREFIX));
  for (const name of names) {
    try {
      ip('netns', 'delete', name);
    } catch {
      // Already gone: another cleanup got there first.
    }
  }
  // Deleting a namespace deletes its veth end and with it the peer; a pair whose namespace was
  // never made is removed here.
  const links = ip('-o', 'link', 'show')
    .split('\n')
    .map((line) => line.split(':')[1]?.trim().split('@')[0] ?? '')
    .filter((n) => n.startsWith(`${NETNS_PREFIX}h`));
  for (const link of links) {
    try {
      ip('link', 'delete', link);
    } catch {
      // Gone with its namespace.
    }
  }
}

/** Makes `count` test hosts after removing any left over. */
export function createTestHosts(count: number): TestHost[] {
  removeTestHosts();
  return Array.from({ length: count }, (_, k) => {
    const host = testHost(k);
    const outer = `${NETNS_PREFIX}h${k}`;
    const inner = `${NETNS_PREFIX}c${k}`;
    ip('netns', 'add', host.name);
    ip('link', 'add', outer, 'type', 'veth', 'peer', 'name', inner);
    ip('link', 'set', inner, 'netns', host.name);
    ip('addr', 'add', `${host.serverAddress}/24`, 'dev', outer);
    ip('link', 'set', outer, 'up');
    ip('netns', 'exec', host.name, 'ip', 'addr', 'add', `${host.clientAddress}/24`, 'dev', inner);
    ip('netns', 'exec', host.name, 'ip', 'link', 'set', inner, 'up');
    ip('netns', 'exec', host.name, 'ip', 'link', 'set', 'lo', 'up');
    return host;
  });
}
