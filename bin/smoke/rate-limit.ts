/**
 * The read limit's step: spend the store's reads until the rate limiter refuses one, and check the
 * refusal is the spec's 429 `rate_limited` with `Retry-After`. On AWS every read decides its token
 * with a conditional UpdateItem on the store's bucket, under the IAM condition the issue's item 5 is
 * about: a 500 here, with AccessDenied in the function's log, is that condition refusing the update.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, StepFailedError, type Answer } from './http.ts';
import type { Step } from './steps.ts';

/** Requests in flight at once: well inside the gateway's per-store burst, and a new account's 10 Lambda executions. */
const PARALLEL = 5;
/** How long the step may spend (a minute's allowance refills in a minute). */
const STEP_LIMIT_MS = 90_000;

/** The rate-limit headers the functions send (RateLimit-Limit, -Remaining, -Reset), or null without them. */
export function readRateLimit(answer: Answer): { limit: number; remaining: number; reset: number } | null {
  const [limit, remaining, reset] = ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset'].map((name) => answer.headers.get(name));
  if (limit == null || remaining == null) return null;
  return { limit: Number(limit), remaining: Number(remaining), reset: Number(reset ?? 0) };
}

// The limiter's 429 carries the store's limit; the gateway's own throttle (per store per second) and the firewall's do not.
const fromLimiter = (answer: Answer) => answer.status === 429 && readRateLimit(answer) !== null;

function checkRefusal(answer: Answer, allowed: number): string {
  const body = answer.json as { code?: unknown; error?: unknown } | null;
  const retryAfter = answer.headers.get('retry-after');
  if (body?.code !== 'rate_limited' || typeof body.error !== 'string') {
    throw new StepFailedError(`429 without the spec's body {error, code: "rate_limited"}: ${answer.text.slice(0, 200)}`);
  }
  if (retryAfter === null || !/^[1-9]\d*$/.test(retryAfter) || Number(retryAfter) > 60) {
    throw new StepFailedError(`429 rate_limited with Retry-After ${retryAfter === null ? 'missing' : `"${retryAfter}"`} (expected whole seconds, 1 to 60)`);
  }
  const rate = readRateLimit(answer)!;
  return `429 rate_limited after ${allowed} reads answered 200 (limit ${rate.limit} a minute, one back every ${+(60 / rate.limit).toFixed(1)} s), Retry-After ${retryAfter} s, RateLimit-Remaining ${rate.remaining}`;
}

/** The reads group's limit reached answers 429 rate_limited with Retry-After. */
export const readRateLimitStep: Step = {
  name: 'read rate limit',
  async run(ctx) {
    if (ctx.options.skipRateLimit) return { skipped: '--skip-rate-limit given' };
    const read = () => ctx.api.send('GET', '/v1/balance', { key: ctx.options.key });
    const started = Date.now();
    const first = await read();
    if (fromLimiter(first)) return { saw: checkRefusal(first, 0) };
    if (first.status !== 200) throw new StepFailedError(failure(first));
    const rate = readRateLimit(first);
    if (!rate) throw new StepFailedError(`GET /v1/balance answered 200 without RateLimit-Limit and RateLimit-Remaining headers`);
    // The limit refills while we spend it: room for the refill, and a bound so a limiter that never refuses fails the step.
    const budget = 2 * rate.limit + 20;
    let remaining = rate.remaining;
    let sent = 1;
    let allowed = 1;
    let gatewayThrottles = 0;
    while (sent < budget && Date.now() - started < STEP_LIMIT_MS) {
      const batch = Math.max(1, Math.min(PARALLEL, remaining + 1, budget - sent));
      const answers = await Promise.all(Array.from({ length: batch }, read));
      sent += batch;
      allowed += answers.filter((a) => a.status === 200).length;
      const refused = answers.find(fromLimiter);
      if (refused) return { saw: checkRefusal(refused, allowed) + (gatewayThrottles > 0 ? `; ${gatewayThrottles} gateway throttle(s) on the way` : '') };
      const unexpected = answers.find((a) => a.status !== 200 && a.status !== 429);
      if (unexpected) throw new StepFailedError(failure(unexpected));
      const throttled = answers.filter((a) => a.status === 429);
      gatewayThrottles += throttled.length;
      const left = answers.map(readRateLimit).filter((r) => r !== null);
      if (left.length > 0) remaining = Math.min(...left.map((r) => r.remaining));
      // The gateway's per-second throttle is not the limit under test: wait as it says, then go on.
      if (throttled[0]) await sleep(Number(throttled[0].headers.get('retry-after') ?? 1) * 1000);
    }
    throw new StepFailedError(
      `no 429 from the rate limiter after ${sent} reads in ${Math.round((Date.now() - started) / 1000)} s (limit ${rate.limit} a minute)`,
    );
  },
};

function failure(answer: Answer): string {
  return `GET /v1/balance while spending the read limit: ${describe(answer)}${rateLimiterHint(answer)}`;
}

/**
 * What a 500 on a read route may mean on AWS: IAM refusing the rate limiter's bucket (issue 34 item 5):
 * its conditional UpdateItem on every read, or the GetItem that follows a refused update only once the
 * limit is reached.
 */
export function rateLimiterHint(answer: Answer): string {
  if (answer.status !== 500) return '';
  return ". If the get-balance function's log shows AccessDenied on dynamodb:UpdateItem or GetItem, IAM refused the rate limiter's bucket (the update's condition on the attributes and return values it may name, or the read after a refused update): see docs/smoke.md";
}
