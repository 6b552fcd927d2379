import { createServer, request } from 'node:http';
import { connect, type Socket } from 'node:net';

export interface SocketGate {
  url: string;
  /** Takes the realtime gateway down: open websockets drop and new ones are refused with 503. */
  cut(): void;
  /** Brings it back. */
  restore(): void;
  close(): Promise<void>;
}

/**
 * A load balancer in front of the server for journeys that stop the realtime service: HTTP always
 * passes, websocket upgrades (Socket.IO's /prices and /realtime) pass only while the gate is open.
 * The browser sees exactly what it would if the realtime nodes behind a balancer went away.
 */
export async function openSocketGate(target: { host: string; port: number }, port = 0): Promise<SocketGate> {
  let open = true;
  const upgraded = new Set<Socket>();

  const server = createServer((req, res) => {
    const upstream = request(
      { host: target.host, port: target.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });

  server.on('upgrade', (req, client: Socket, head: Buffer) => {
    if (!open) {
      client.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    const upstream = connect(target.port, target.host, () => {
      const lines = [`${req.method} ${req.url} HTTP/${req.httpVersion}`];
      for (let i = 0; i < req.rawHeaders.length; i += 2)
        lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upgraded.add(client);
    const drop = () => {
      upgraded.delete(client);
      client.destroy();
      upstream.destroy();
    };
    client.on('close', drop);
    client.on('error', drop);
    upstream.on('close', drop);
    upstream.on('error', drop);
  });

  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  return {
    url: `http://127.0.0.1:${bound}`,
    cut() {
      open = false;
      for (const s of upgraded) s.destroy();
      upgraded.clear();
    },
    restore() {
      open = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of upgraded) s.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
