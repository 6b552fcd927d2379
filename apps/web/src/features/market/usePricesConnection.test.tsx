import { act, render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FakePriceSocket } from '@/realtime/fakePriceSocket';
import { createPricesClient, type PricesClient } from '@/realtime/pricesSocket';
import { createPriceStore } from '@/stores/priceStore';
import { usePricesConnection, usePricesStatus } from './usePricesConnection';

function Live({ enabled, client }: { enabled: boolean; client: PricesClient }) {
  usePricesConnection(enabled, client);
  return <span>{usePricesStatus(client).status}</span>;
}

describe('usePricesConnection', () => {
  it('opens the socket while enabled and closes it when disabled or unmounted', () => {
    const sockets: FakePriceSocket[] = [];
    const client = createPricesClient({
      createSocket: (url, settings) => {
        const socket = new FakePriceSocket(url, settings);
        sockets.push(socket);
        return socket;
      },
      prices: createPriceStore(),
      origin: () => '',
      key: () => 'k',
    });
    const disconnect = vi.spyOn(client, 'disconnect');

    const view = render(<Live enabled={false} client={client} />);
    expect(sockets).toHaveLength(0);
    expect(view.container.textContent).toBe('disconnected');

    view.rerender(<Live enabled client={client} />);
    expect(sockets).toHaveLength(1);
    act(() => sockets[0]?.open());
    expect(view.container.textContent).toBe('connected');

    view.rerender(<Live enabled={false} client={client} />);
    expect(disconnect).toHaveBeenCalledTimes(1);
    expect(view.container.textContent).toBe('disconnected');

    view.rerender(<Live enabled client={client} />);
    expect(sockets).toHaveLength(2);
    view.unmount();
    expect(disconnect).toHaveBeenCalledTimes(2);
    expect(sockets[1]?.disconnectCalls).toBe(1);
  });
});
