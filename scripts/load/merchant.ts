import { bengaluruQuote, bookingBody } from '../../test/helpers/fixtures.ts';
import { pause, retryAfterSeconds, type Answer, type LoadClient } from './http.ts';
import type { LoadStore, Observed } from './observed.ts';

/** How a merchant's loop behaves: mostly book and read, sometimes replay or cancel. */
export const MERCHANT_MIX = {
  /** Two identical booking requests at once (same key, same body): one 201, the other 200 or 409 in progress. */
  concurrentDuplicate: 0.1,
  /** The same booking sent again after its 201 (a client that lost the answer): 200, the same job. */
  replayAfter: 0.1,
  /** A cancel of one of the store's recent jobs that it has not yet seen end. */
  cancel: 0.2,
  /** A balance read and a status-filtered list, each this often. */
  balance: 0.3,
  statusList: 0.1,
  /** The longest pause between two cycles (ms), uniformly random from 0. */
  thinkMs: 400,
} as const;

// Retries of a booking whose answers did not settle it (in progress, 429): bounded.
const MAX_BOOKING_RETRIES = 5;
const ENDED = new Set(['delivered', 'failed', 'cancelled']);
// A 429's Retry-After is honoured, but never longer than this, so default-limit stores keep probing.
const MAX_BACKOFF_MS = 5_000;

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const jitter = (degrees: number) => Math.round((Math.random() - 0.5) * 2 * degrees * 1e6) / 1e6;

/**
 * One store's merchant until `deadline`: quote, book (with a unique Idempotency-Key; sometimes the same
 * request twice at once, sometimes a replay after the answer), read the job, the newest jobs and the
 * balance, and cancel some jobs. Every answer is checked against what the action allows.
 */
export async function runMerchant(client: LoadClient, observed: Observed, store: LoadStore, deadline: number): Promise<void> {
  const auth = { 'X-Api-Key': store.apiKey, 'Content-Type': 'application/json' };
  const get = (route: string, path: string) => client.send(route, path, { headers: auth });
  const post = (route: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    client.send(route, path, { method: 'POST', headers: { ...auth, ...headers }, body });
  // Anything but the allowed statuses (a 429 is always allowed) is a surprise; a 429 waits as asked.
  const expect = async (action: string, answer: Answer, allowed: number[]): Promise<boolean> => {
    if (answer.status === 429) {
      await pause(Math.min(MAX_BACKOFF_MS, retryAfterSeconds(answer) * 1000), deadline);
      return false;
    }
    if (!allowed.includes(answer.status)) {
      observed.surprise(`${store.name} ${action}`, answer);
      return false;
    }
    return true;
  };

  async function book(quoteId: string, key: string): Promise<string | null> {
    const body = bookingBody(quoteId, { externalOrderId: key });
    const once = () => post('POST /v1/jobs', '/v1/jobs', body, { 'Idempotency-Key': key });
    const concurrent = Math.random() < MERCHANT_MIX.concurrentDuplicate;
    if (concurrent) observed.note('bookings sent twice at once');
    let answers = concurrent ? await Promise.all([once(), once()]) : [await once()];
    // Retries of the same key and body, for answers that did not settle it (in progress, 429).
    for (let round = 0; ; round++) {
      // 201s first: both answers came back, and the server made the job before it replayed it.
      answers.sort((a, b) => (a.status === 201 ? -1 : 0) - (b.status === 201 ? -1 : 0));
      let unsettled = false;
      for (const answer of answers) {
        const id = (answer.body.data as { id?: string } | undefined)?.id;
        if (answer.status === 201) observed.created(store, key, id!);
        else if (answer.status === 200) observed.replayed(store, key, id!);
        else if (answer.status === 409 && answer.body.code === 'idempotency_in_progress') {
          observed.note('bookings answered 409 in progress (the twin was running)');
          unsettled = true;
        } else if (answer.status === 422 && answer.body.code === 'insufficient_credit') observed.note('bookings refused: insufficient credit');
        else if (answer.status === 429) unsettled = true;
        else observed.surprise(`${store.name} book`, answer);
      }
      if (store.jobByKey.has(key) || !unsettled || round === MAX_BOOKING_RETRIES) break;
      const limited = answers.find((answer) => answer.status === 429);
      await pause(limited ? Math.min(MAX_BACKOFF_MS, retryAfterSeconds(limited) * 1000) : 200);
      answers = [await once()];
    }
    const jobId = store.jobByKey.get(key) ?? null;
    if (jobId && Math.random() < MERCHANT_MIX.replayAfter) {
      const replay = await once();
      if (await expect('replay', replay, [200])) observed.replayed(store, key, (replay.body.data as { id: string }).id);
    }
    return jobId;
  }

  for (let cycle = 1; Date.now() < deadline; cycle++) {
    const quote = await post('POST /v1/job-quotes', '/v1/job-quotes', {
      ...bengaluruQuote,
      pickupLatitude: bengaluruQuote.pickupLatitude + jitter(0.004),
      pickupLongitude: bengaluruQuote.pickupLongitude + jitter(0.004),
    });
    let jobId: string | null = null;
    if (await expect('quote', quote, [201])) jobId = await book((quote.body.data as { id: string }).id, `${store.name}-${cycle}`);

    if (jobId) {
      const read = await get('GET /v1/jobs/{id}', `/v1/jobs/${jobId}`);
      if ((await expect('read job', read, [200])) && (read.body.data as { id: string }).id !== jobId) observed.surprise(`${store.name} read job`, read);
    }
    const list = await get('GET /v1/jobs', '/v1/jobs?limit=20');
    if (await expect('list jobs', list, [200])) checkNewestPage(observed, store, list);
    if (Math.random() < MERCHANT_MIX.balance) await expect('balance', await get('GET /v1/balance', '/v1/balance'), [200]);
    if (Math.random() < MERCHANT_MIX.statusList) await expect('list queued', await get('GET /v1/jobs', '/v1/jobs?status=queued&limit=20'), [200]);

    if (Math.random() < MERCHANT_MIX.cancel && store.open.length > 0) await cancelOne();
    await pause(Math.random() * MERCHANT_MIX.thinkMs, deadline);
  }

  // Cancels one of the store's ten newest open jobs: allowed until pickup, refused after.
  async function cancelOne(): Promise<void> {
    const jobId = pick(store.open.slice(-10));
    const answer = await post('POST /v1/jobs/{id}/cancel', `/v1/jobs/${jobId}/cancel`);
    if (!(await expect('cancel', answer, [200, 400, 409]))) return;
    const code = answer.body.code;
    if (answer.status === 200) {
      observed.ended(jobId, 'cancelled');
      observed.note('cancels (200)');
    } else if (answer.status === 400 && code === 'not_cancellable') observed.note('cancels refused: job already ended (400)');
    else if (code === 'parcel_return_required') observed.note('cancels refused: parcel picked up (409)');
    else observed.surprise(`${store.name} cancel`, answer);
    if (answer.status !== 409 || code === 'parcel_return_required') store.open.splice(store.open.indexOf(jobId), 1);
  }
}

// The newest page lists exactly the store's newest jobs: only jobs it booked, as many as it booked (≤ 20).
function checkNewestPage(observed: Observed, store: LoadStore, list: Answer): void {
  const jobs = list.body.data as Array<{ id: string; status: string }>;
  const strangers = jobs.filter((job) => !store.created.has(job.id));
  if (strangers.length > 0 || jobs.length !== Math.min(20, store.created.size)) {
    observed.surprise(`${store.name} list jobs (${jobs.length} listed, ${store.created.size} booked, ${strangers.length} unknown)`, list);
  }
  for (const job of jobs) {
    const at = store.open.indexOf(job.id);
    if (ENDED.has(job.status) && at >= 0) store.open.splice(at, 1);
  }
}
