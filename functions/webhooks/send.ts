import { lookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupAddress } from 'node:dns';
import { checkWebhookUrl, vetResolvedAddresses } from '../core/webhook-address.ts';
import { DELIVERY_TIMEOUT_MS, type AttemptOutcome } from '../core/webhook.ts';

/** How much of a receiver's answer is read (and thrown away): enough to see it out, no more. */
const MAX_RESPONSE_BYTES = 64 * 1024;

/** Resolves a host name: every address it has (the sender refuses them all if one is not public). */
export type Resolve = (host: string) => Promise<LookupAddress[]>;

const systemResolve: Resolve = (host) => lookup(host, { all: true, verbatim: true });

/**
 * Sends one webhook request: POST `body` with `headers` to `url`, and reports what happened. The URL's
 * rules are checked again here (an endpoint registered under other rules, or a host whose DNS changed):
 * the host is resolved now, every address must be public (loopback only for the developers' exception),
 * and the connection goes to exactly the address that was checked, so DNS cannot change in between.
 * Redirects are not followed (a 3xx is a failure). Success is a 2xx within DELIVERY_TIMEOUT_MS, the
 * whole exchange included.
 */
export async function sendWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  options: { allowLoopback: boolean; timeoutMs?: number; resolve?: Resolve },
): Promise<AttemptOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const refuse = (error: string): AttemptOutcome => ({ ok: false, responseStatus: null, error, durationMs: elapsed() });
  const checked = checkWebhookUrl(url, { allowLoopback: options.allowLoopback });
  if (!checked.ok) return refuse(checked.reason);
  const target = checked.url;
  const host = target.hostname.replace(/^\[|\]$/g, '');
  let addresses: LookupAddress[];
  try {
    addresses = await (options.resolve ?? systemResolve)(host);
  } catch (error) {
    return refuse(`Could not resolve ${host}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  const vetted = vetResolvedAddresses(addresses, { allowLoopback: options.allowLoopback, loopbackUrl: checked.loopback });
  if (!vetted.ok) return refuse(vetted.reason);

  const timeoutMs = options.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  return new Promise<AttemptOutcome>((resolve) => {
    let settled = false;
    const finish = (outcome: Omit<AttemptOutcome, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...outcome, durationMs: elapsed() });
    };
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(
      target,
      {
        method: 'POST',
        agent: false,
        // Connect to the address that was checked, whatever DNS says by now.
        lookup: (_hostname, lookupOptions, callback) => {
          if ((lookupOptions as { all?: boolean }).all)
            (callback as (e: null, a: LookupAddress[]) => void)(null, [{ address: vetted.address, family: vetted.family }]);
          else (callback as (e: null, a: string, f: number) => void)(null, vetted.address, vetted.family);
        },
        headers: { 'content-type': 'application/json', 'user-agent': 'DeliveryAPI-Webhooks/1.0', 'content-length': Buffer.byteLength(body), ...headers },
      },
      (res: IncomingMessage) => {
        let read = 0;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_RESPONSE_BYTES) res.destroy();
        });
        const status = res.statusCode ?? 0;
        const done = () =>
          finish(
            status >= 200 && status < 300
              ? { ok: true, responseStatus: status, error: null }
              : { ok: false, responseStatus: status, error: `Answered ${status}` },
          );
        res.on('end', done);
        res.on('close', done);
        res.on('error', done);
      },
    );
    const timer = setTimeout(() => {
      finish({ ok: false, responseStatus: null, error: `No answer within ${timeoutMs / 1000} s` });
      req.destroy();
    }, timeoutMs);
    req.on('error', (error: NodeJS.ErrnoException) => finish({ ok: false, responseStatus: null, error: `Could not deliver: ${error.code ?? error.message}` }));
    req.end(body);
  });
}
