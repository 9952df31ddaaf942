import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { HOST_REFUSED } from '../../functions/core/webhook-address.ts';
import { sendWebhook, type Resolve } from '../../functions/webhooks/send.ts';

// One attempt of the sender against real sockets on 127.0.0.1 (the developers' exception), with a short
// limit so a receiver that never answers costs a fraction of a second.
const LIMIT_MS = 300;
const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((server) => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    }),
  );
});

/** A server that takes every connection and request, and never answers. */
async function silentPort(): Promise<number> {
  const server = createServer(() => undefined);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** A port nothing listens on (one just closed). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const send = (url: string, resolve?: Resolve) => sendWebhook(url, {}, '{}', { allowLoopback: true, timeoutMs: LIMIT_MS, ...(resolve && { resolve }) });
const publicHost = (port: number) => `https://hooks.example.com:${port}/hooks`;

describe('one webhook attempt', () => {
  it('says the same of a closed port and of one that never answers (the log does not tell open from closed)', async () => {
    const [closed, silent] = await Promise.all([closedPort(), silentPort()]);

    const [toClosed, toSilent] = await Promise.all([send(`http://127.0.0.1:${closed}/hooks`), send(`http://127.0.0.1:${silent}/hooks`)]);

    expect(toClosed).toMatchObject({ ok: false, responseStatus: null, error: 'No answer within 0.3 s', detail: 'ECONNREFUSED' });
    expect(toSilent).toMatchObject({ ok: false, responseStatus: null, error: 'No answer within 0.3 s', detail: 'timed out' });
  });

  it('counts the DNS lookup inside the attempt’s limit: a lookup slower than the limit ends the attempt at the limit', async () => {
    const slowLookup: Resolve = () => new Promise((resolve) => setTimeout(() => resolve([{ address: '93.184.215.14', family: 4 }]), 5 * LIMIT_MS));

    const outcome = await send(publicHost(443), slowLookup);

    expect(outcome).toMatchObject({ ok: false, responseStatus: null, error: 'No answer within 0.3 s' });
    expect(outcome.durationMs).toBeLessThan(3 * LIMIT_MS);
  });

  it.each<[string, Resolve]>([
    ['a host that does not resolve', () => Promise.reject(Object.assign(new Error('queryA ENOTFOUND'), { code: 'ENOTFOUND' }))],
    ['a host that resolves to a private address', async () => [{ address: '10.1.2.3', family: 4 }]],
    ['a host that resolves to loopback', async () => [{ address: '127.0.0.1', family: 4 }]],
    ['a host that resolves to the metadata address', async () => [{ address: '169.254.169.254', family: 4 }]],
  ])('refuses %s with one reason that names no address', async (_case, resolve) => {
    const outcome = await send(publicHost(443), resolve);

    expect(outcome).toMatchObject({ ok: false, responseStatus: null, error: HOST_REFUSED });
    expect(outcome.error).not.toMatch(/\d+\.\d+|ENOTFOUND|loopback|private|link-local/);
  });
});
