import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useLocalApi } from '../helpers/server.ts';
import { runScript } from '../helpers/scripts.ts';
import { allJobs, expectLedgerInvariant, newMerchant } from '../helpers/merchant.ts';
import { BENGALURU_CHARGE_MINOR, BENGALURU_ROUTE_METERS } from '../helpers/fixtures.ts';

const api = useLocalApi();

/** Runs examples/book-a-delivery.ts as a merchant would; `onLine` sees each output line as it comes. */
const runExample = (env: Record<string, string>, onLine?: (line: string) => void) => runScript('examples/book-a-delivery.ts', env, onLine);

describe('examples/book-a-delivery.ts', () => {
  it('quotes, books and polls until the job reaches a terminal state', async () => {
    const m = await newMerchant(api.table.rt, api.server, { creditMinor: 100_000 });
    let cancelled = false;

    const { code, output } = await runExample({ BASE_URL: api.server.url, API_KEY: m.apiKey, MAX_WAIT_SECONDS: '30', POLL_SECONDS: '0.2' }, (line) => {
      // No worker runs in this test, so the merchant’s own cancel ends the job.
      const booked = /^Booked job (\S+) /.exec(line);
      if (booked && !cancelled) {
        cancelled = true;
        void m.post(`/v1/jobs/${booked[1]}/cancel`);
      }
    });

    expect(code).toBe(0);
    const jobId = /^Booked job (\S+) \(new\): created, pickup code \d{4}$/m.exec(output)?.[1];
    expect(output).toMatch(/^Credit: 1000 INR available$/m);
    expect(output).toMatch(new RegExp(`^Quote \\S+: ${BENGALURU_ROUTE_METERS} m for ${BENGALURU_CHARGE_MINOR / 100} INR, valid until \\S+$`, 'm'));
    expect(jobId).toBeDefined();
    expect(output).toContain(`Job ${jobId}: cancelled`);
    expect(output).toMatch(/^Done: cancelled$/m);
    await expectLedgerInvariant(api.table.rt, m.storeId);
  });

  it('says so when the wait runs out before a terminal state', async () => {
    const m = await newMerchant(api.table.rt, api.server);

    const { code, output } = await runExample({ BASE_URL: api.server.url, API_KEY: m.apiKey, MAX_WAIT_SECONDS: '0.5', POLL_SECONDS: '0.2' });

    expect(code).toBe(0);
    expect(output).toMatch(/^Still created after 0\.5 s; poll again later$/m);
  });

  describe('through an unreliable network', () => {
    let proxy: Server;
    let proxyUrl: string;
    const injected: string[] = [];

    // Forwards to the local server, but answers the first balance read 429, loses the first
    // booking's response (the booking is made, the client sees 503) and drops the first job read.
    beforeAll(async () => {
      const seen = new Map<string, number>();
      proxy = createServer((req, res) => {
        const key = `${req.method} ${req.url!.replace(/[0-9a-f-]{36}/, '{id}')}`;
        const count = (seen.get(key) ?? 0) + 1;
        seen.set(key, count);
        if (key === 'GET /v1/balance' && count === 1) {
          injected.push('429 on balance');
          res.writeHead(429, { 'Content-Type': 'application/json', 'Retry-After': '1' });
          res.end(JSON.stringify({ error: 'Rate limit exceeded; retry in 1 s', code: 'rate_limited' }));
          return;
        }
        if (key === 'GET /v1/jobs/{id}' && count === 1) {
          injected.push('dropped job read');
          req.socket.destroy();
          return;
        }
        const target = new URL(api.server.url);
        const upstream = httpRequest(
          { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers },
          (upstreamResponse) => {
            if (key === 'POST /v1/jobs' && count === 1) {
              injected.push(`booking answered ${upstreamResponse.statusCode}, client told 503`);
              upstreamResponse.resume();
              res.writeHead(503, { 'Content-Type': 'application/json', 'Retry-After': '1' });
              res.end(JSON.stringify({ error: 'Service temporarily unavailable; retry later', code: 'service_unavailable' }));
              return;
            }
            res.writeHead(upstreamResponse.statusCode!, upstreamResponse.headers);
            upstreamResponse.pipe(res);
          },
        );
        req.pipe(upstream);
      });
      await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
      proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    });

    afterAll(async () => {
      await new Promise((resolve) => proxy.close(resolve));
    });

    it('retries safely, honouring Retry-After, and books exactly once', async () => {
      const m = await newMerchant(api.table.rt, api.server, { creditMinor: 100_000 });

      const { code, output } = await runExample({ BASE_URL: proxyUrl, API_KEY: m.apiKey, MAX_WAIT_SECONDS: '1', POLL_SECONDS: '0.2', MAX_ATTEMPTS: '4' });

      expect(code).toBe(0);
      expect(injected).toEqual(['429 on balance', 'booking answered 201, client told 503', 'dropped job read']);
      expect(output).toContain('GET /v1/balance: 429 rate_limited, retrying in 1 s');
      expect(output).toContain('POST /v1/jobs: 503 service_unavailable, retrying in 1 s');
      expect(output).toMatch(/^Booked job \S+ \(already booked by an earlier attempt\): created/m);
      expect(output).toMatch(/GET \/v1\/jobs\/\S+: .+, retrying in 1 s/);
      expect(await allJobs(api.table.rt, m.storeId)).toHaveLength(1);
      await expectLedgerInvariant(api.table.rt, m.storeId);
    });
  });
});
