import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { afterAll } from 'vitest';
import type { AddressInfo } from 'node:net';

/**
 * Lets the test file's webhook endpoints be receivers on 127.0.0.1 (the developers' exception: on for
 * npm start, never on AWS), set before the handlers read their configuration and put back after the file.
 */
export function allowLoopbackReceivers(): void {
  const previous = process.env.WEBHOOK_ALLOW_LOOPBACK;
  process.env.WEBHOOK_ALLOW_LOOPBACK = 'true';
  afterAll(() => {
    if (previous === undefined) delete process.env.WEBHOOK_ALLOW_LOOPBACK;
    else process.env.WEBHOOK_ALLOW_LOOPBACK = previous;
  });
}

/** A request a receiver got: its headers, raw body and when it arrived. */
export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  receivedAt: number;
}

/** How a receiver answers its `n`th request (0-based): a status, after a delay. */
export type Answer = (n: number) => { status: number; delayMs?: number };

/** A real HTTP server on 127.0.0.1 standing in for a merchant's webhook endpoint. */
export interface Receiver {
  url: string;
  received: Received[];
  /** The request bodies, parsed. */
  events(): Array<Record<string, unknown>>;
  close(): Promise<void>;
}

export async function startReceiver(answer: Answer = () => ({ status: 200 })): Promise<Receiver> {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const n = received.length;
      received.push({ headers: req.headers, body, receivedAt: Date.now() });
      const { status, delayMs = 0 } = answer(n);
      const timer = setTimeout(() => res.writeHead(status, { 'content-type': 'text/plain' }).end('ok'), delayMs);
      res.on('close', () => clearTimeout(timer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    events: () => received.map((r) => JSON.parse(r.body) as Record<string, unknown>),
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
