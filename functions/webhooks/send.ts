import { lookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupAddress } from 'node:dns';
import { checkWebhookUrl, HOST_REFUSED, vetResolvedAddresses } from '../core/webhook-address.ts';
import { DELIVERY_TIMEOUT_MS, type AttemptOutcome } from '../core/webhook.ts';

/** How much of a receiver's answer is read (and thrown away): enough to see it out, no more. */
const MAX_RESPONSE_BYTES = 64 * 1024;

/** An attempt's outcome, with what the operators' log gets (`detail`) and whether the receiver never answered (no connection, or no answer in time). */
export type SentOutcome = AttemptOutcome & { detail?: string; unanswered?: true };

/** Resolves a host name: every address it has (the sender refuses them all if one is not public). */
export type Resolve = (host: string) => Promise<LookupAddress[]>;

const systemResolve: Resolve = (host) => lookup(host, { all: true, verbatim: true });

/**
 * Sends one webhook request: POST `body` with `headers` to `url`, and reports what happened. The URL's
 * rules are checked again here (an endpoint registered under other rules, or a host whose DNS changed):
 * the host is resolved now, every address must be public (loopback only for the developers' exception),
 * and the connection goes to exactly the address that was checked, so DNS cannot change in between.
 * Redirects are not followed (a 3xx is a failure). Success is a 2xx within `timeoutMs`
 * (DELIVERY_TIMEOUT_MS), the whole exchange included: the DNS lookup counts inside it.
 *
 * What the outcome's `error` says is the merchant's to read, so it tells nothing of our network: a host
 * that does not resolve, or resolves to an address that is not public, is one generic refusal with no
 * address (HOST_REFUSED); a connection refused, reset, failed in TLS or left unanswered is one message,
 * so the log does not tell open ports from closed ones. `detail` says which, for the operators' log.
 */
export async function sendWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  options: { allowLoopback: boolean; timeoutMs?: number; resolve?: Resolve },
): Promise<SentOutcome> {
  const started = performance.now();
  const timeoutMs = options.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  const noAnswer = `No answer within ${timeoutMs / 1000} s`;
  const elapsed = () => Math.round(performance.now() - started);
  const refuse = (error: string, detail?: string) => ({
    ok: false,
    responseStatus: null,
    error,
    durationMs: elapsed(),
    ...(detail !== undefined && { detail }),
  });
  const checked = checkWebhookUrl(url, { allowLoopback: options.allowLoopback });
  if (!checked.ok) return refuse(checked.reason);
  const target = checked.url;
  const host = target.hostname.replace(/^\[|\]$/g, '');
  let lookupTimer: NodeJS.Timeout | undefined;
  let addresses: LookupAddress[] | 'timed out';
  try {
    addresses = await Promise.race([
      (options.resolve ?? systemResolve)(host),
      new Promise<'timed out'>((resolve) => (lookupTimer = setTimeout(() => resolve('timed out'), timeoutMs))),
    ]);
  } catch (error) {
    return refuse(HOST_REFUSED, `could not resolve ${host}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  } finally {
    clearTimeout(lookupTimer);
  }
  if (addresses === 'timed out') return { ...refuse(noAnswer, `the DNS lookup of ${host} took longer than ${timeoutMs} ms`), unanswered: true };
  const vetted = vetResolvedAddresses(addresses, { allowLoopback: options.allowLoopback, loopbackUrl: checked.loopback });
  if (!vetted.ok) return refuse(vetted.reason, vetted.detail);

  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: Omit<SentOutcome, 'durationMs'>) => {
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
    // What is left of the attempt's limit after the DNS lookup.
    const timer = setTimeout(
      () => {
        finish({ ok: false, responseStatus: null, error: noAnswer, detail: 'timed out', unanswered: true });
        req.destroy();
      },
      Math.max(0, timeoutMs - (performance.now() - started)),
    );
    req.on('error', (error: NodeJS.ErrnoException) =>
      finish({ ok: false, responseStatus: null, error: noAnswer, detail: error.code ?? error.message, unanswered: true }),
    );
    req.end(body);
  });
}
