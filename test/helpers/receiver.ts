import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { afterAll, afterEach, expect } from 'vitest';
import type { TestMerchant } from './merchant.ts';
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

/**
 * Receivers for a test file's tests, each closed after the test that started it: call at the top of
 * the file; the function it returns starts one (answering with `answer`).
 */
export function useReceivers(): (answer?: Answer) => Promise<Receiver> {
  const started: Receiver[] = [];
  afterEach(async () => {
    await Promise.all(started.splice(0).map((receiver) => receiver.close()));
  });
  return async (answer) => {
    const receiver = await startReceiver(answer);
    started.push(receiver);
    return receiver;
  };
}

/** A webhook endpoint as `POST /v1/webhook-endpoints` answers it (the secret is shown this once). */
export interface RegisteredEndpoint {
  id: string;
  url: string;
  eventTypes: string[] | null;
  description: string | null;
  status: string;
  createdAt: string;
  secret: string;
}

/** Registers a webhook endpoint through the API (expects 201). */
export async function registerEndpoint(merchant: TestMerchant, body: Record<string, unknown>): Promise<RegisteredEndpoint> {
  const reply = await merchant.post('/v1/webhook-endpoints', body);
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return (reply.body as { data: RegisteredEndpoint }).data;
}
