import { partitionItems } from './table.ts';
import { randomUUID } from 'node:crypto';
import { beforeAll, expect } from 'vitest';
import { verifiedAtOf, type Job } from '../../functions/core/job.ts';
import { chargeOwed } from '../../functions/core/lifecycle.ts';
import type { LedgerEntry, Store } from '../../functions/core/store.ts';
import type { Runtime } from '../../functions/runtime.ts';
import type { JobDetail } from '../../functions/schemas/views/job.view.ts';
import { keys } from '../../functions/data/table.ts';
import { wholeStatement } from '../../functions/use-cases/statement.ts';
import { simulateTick } from '../../functions/workers/simulation.ts';
import { readResponse, type TestServer } from './server.ts';
import type { TestTable } from './table.ts';
import { authHeaders, bengaluruQuote, bookingBody, bookingHeaders, createStore, raiseLimits } from './fixtures.ts';

/** A merchant talking to the local server: a store, its key, and the calls a merchant makes. */
export interface TestMerchant {
  storeId: string;
  keyId: string;
  apiKey: string;
  quote(body?: Record<string, unknown>): Promise<string>;
  book(quoteId: string, options?: { idempotencyKey?: string; body?: Record<string, unknown> }): Promise<{ status: number; body: unknown; headers: Headers }>;
  /** Quotes and books; returns the job detail of the 201. */
  bookJob(options?: { quote?: Record<string, unknown>; body?: Record<string, unknown> }): Promise<Record<string, unknown> & { id: string }>;
  get(path: string): Promise<{ status: number; body: unknown; headers: Headers }>;
  post(path: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; body: unknown; headers: Headers }>;
}

/** A new store (credit ₹1,000 unless told; limits raised unless told) and its merchant calls. */
export async function newMerchant(
  rt: Runtime,
  server: TestServer,
  options: { creditMinor?: number; sandbox?: boolean; defaultLimits?: boolean } = {},
): Promise<TestMerchant> {
  const store = await createStore(rt, { creditMinor: options.creditMinor ?? 100_000, sandbox: options.sandbox ?? false });
  if (!options.defaultLimits) await raiseLimits(rt, store.storeId);
  const get = async (path: string) => readResponse(await server.request(path, { headers: { 'X-Api-Key': store.apiKey } }));
  const post = async (path: string, body?: unknown, headers: Record<string, string> = authHeaders(store.apiKey)) =>
    readResponse(
      await server.request(path, { method: 'POST', headers, ...(body !== undefined && { body: typeof body === 'string' ? body : JSON.stringify(body) }) }),
    );
  const merchant: TestMerchant = {
    ...store,
    get,
    post,
    async quote(body = {}) {
      const response = await post('/v1/job-quotes', { ...bengaluruQuote, ...body });
      expect(response.status).toBe(201);
      return (response.body as { data: { id: string } }).data.id;
    },
    async book(quoteId, bookOptions = {}) {
      return post('/v1/jobs', bookingBody(quoteId, bookOptions.body), bookingHeaders(store.apiKey, bookOptions.idempotencyKey ?? randomUUID()));
    },
    async bookJob(jobOptions = {}) {
      const response = await merchant.book(await merchant.quote(jobOptions.quote), { body: jobOptions.body });
      expect(response.status).toBe(201);
      return (response.body as { data: Record<string, unknown> & { id: string } }).data;
    },
  };
  return merchant;
}

/**
 * A merchant that the tests of a file (or describe block) share, made before them (`options` as for
 * newMerchant). Read `shop.merchant` inside tests: it exists once beforeAll ran.
 */
export function useMerchant(
  api: { readonly table: TestTable; readonly server: TestServer },
  options: Parameters<typeof newMerchant>[2] = {},
): { readonly merchant: TestMerchant } {
  const context = {} as { merchant: TestMerchant };
  beforeAll(async () => {
    context.merchant = await newMerchant(api.table.rt, api.server, options);
  });
  return context;
}

/** The job as its merchant sees it: GET /v1/jobs/{id}, which must answer 200. */
export async function merchantView(merchant: TestMerchant, jobId: string): Promise<JobDetail> {
  const response = await merchant.get(`/v1/jobs/${jobId}`);
  expect(response.status).toBe(200);
  return (response.body as { data: JobDetail }).data;
}

/** How far the sandbox's clock moves between two simulator ticks in the stories, and how long a sandbox story may take. */
export const SANDBOX_STEP_MS = 5_000;
export const SANDBOX_STORY_MS = 3 * 60_000;

/**
 * Ticks the sandbox simulator from `start` on, SANDBOX_STEP_MS of sandbox time apart, until the
 * merchant's view of the job satisfies `done`: that view and the sandbox time it took (an error after
 * SANDBOX_STORY_MS).
 */
export async function simulateUntil(
  rt: Runtime,
  merchant: TestMerchant,
  jobId: string,
  start: number,
  done: (job: JobDetail) => boolean,
): Promise<{ job: JobDetail; at: number }> {
  for (let at = start; at <= start + SANDBOX_STORY_MS; at += SANDBOX_STEP_MS) {
    await simulateTick(rt, new Date(at));
    const job = await merchantView(merchant, jobId);
    if (done(job)) return { job, at };
  }
  throw new Error(`Job ${jobId} did not get there within ${SANDBOX_STORY_MS / 60_000} minutes of sandbox time`);
}

/** The body of GET /v1/balance for a live store with this balance and this much of it reserved. */
export function balanceBody(balanceMinor: number, reservedMinor: number) {
  return { data: { apiEnabled: true, balanceMinor, reservedMinor, availableMinor: balanceMinor - reservedMinor, currency: 'INR' } };
}

/** The merchant's GET /v1/balance answers exactly this balance and reservation. */
export async function expectBalance(merchant: TestMerchant, balanceMinor: number, reservedMinor: number): Promise<void> {
  expect((await merchant.get('/v1/balance')).body).toEqual(balanceBody(balanceMinor, reservedMinor));
}

/** Every job of a store, in key order, through the table's own key layout (read-only; for invariant checks). */
export async function allJobs(rt: Runtime, storeId: string): Promise<Job[]> {
  const items = await partitionItems(rt, keys.store(storeId).PK, 'JOB#');
  const jobs = new Map((await rt.jobs.getMany(items.map((item) => ({ storeId, jobId: item.jobId as string })))).map((job) => [job.id, job]));
  return items.flatMap((item) => jobs.get(item.jobId as string) ?? []);
}

/**
 * The ledger invariant, checked after every money-moving test: balance = sum of the ledger's balance
 * deltas; reserved = sum of its reserved deltas = the charges of jobs whose settlement is `reserved`
 * (or `review`, held until resolved);
 * available = balance - reserved; nothing negative.
 */
export async function expectLedgerInvariant(rt: Runtime, storeId: string): Promise<void> {
  const store = (await rt.stores.get(storeId))!;
  const ledger = await rt.stores.ledger(storeId);
  const jobs = await allJobs(rt, storeId);
  // A job in review still holds its charge until operations capture or release it.
  // A return trip holds its charge while reserved (one in review holds nothing: the credit did not cover it).
  // A cash-on-delivery job that ended unpaid holds its charge without the collection fee (released then).
  const reservedByJobs = jobs.reduce(
    (sum, job) =>
      sum +
      (job.settlement === 'reserved' || job.settlement === 'review' ? chargeOwed(job) : 0) +
      (job.returnTrip?.chargeSettlement === 'reserved' ? job.returnTrip.chargeMinor : 0),
    0,
  );
  expect({
    balanceMinor: store.balanceMinor,
    reservedMinor: store.reservedMinor,
    availableMinor: store.availableMinor,
  }).toEqual({
    balanceMinor: ledger.reduce((sum, entry) => sum + entry.balanceDeltaMinor, 0),
    reservedMinor: reservedByJobs,
    availableMinor: store.balanceMinor - store.reservedMinor,
  });
  expect(ledger.reduce((sum, entry) => sum + entry.reservedDeltaMinor, 0)).toBe(store.reservedMinor);
  expect(store.availableMinor).toBeGreaterThanOrEqual(0);
  expect(store.reservedMinor).toBeGreaterThanOrEqual(0);
  // The merchant's statement (GET /v1/ledger) agrees: its newest entry's figures are the balance's,
  // each entry's figures are the next older one's plus its own movement, and before the oldest, nothing.
  const statement = await wholeStatement(rt, store);
  expect(statement.map((line) => line.id)).toEqual(ledger.map((entry) => `le_${entry.id.replaceAll('-', '')}`));
  if (statement.length > 0) expect([statement[0]!.balanceMinor, statement[0]!.reservedMinor]).toEqual([store.balanceMinor, store.reservedMinor]);
  statement.forEach((line, i) => {
    const older = statement[i + 1] ?? { balanceMinor: 0, reservedMinor: 0 };
    expect([line.balanceMinor, line.reservedMinor]).toEqual([
      older.balanceMinor + ledger[i]!.balanceDeltaMinor,
      older.reservedMinor + ledger[i]!.reservedDeltaMinor,
    ]);
  });
  const remittances = await partitionItems(rt, keys.store(storeId).PK, keys.remittancePrefix);
  expectCollectionInvariant(store, ledger, jobs, await partitionItems(rt, keys.store(storeId).PK, keys.codDuePrefix), remittances);
}

/**
 * The store's cash-on-delivery invariant (part of the ledger invariant): collected = remitted +
 * awaiting remittance; collected is the sum of its jobs' payments; awaiting is the sum of its lines
 * awaiting remittance and of its pending remittances (claimed, not yet credited), and those are
 * exactly the collected jobs not remitted or named by a pending remittance; remitted is the sum of
 * its `cod_remittance` statement entries, one per credited remittance, each of its remittance's amount.
 * A UPI payment not yet verified is never in a remittance, and its line awaiting remittance says so.
 */
function expectCollectionInvariant(
  store: Store,
  ledger: LedgerEntry[],
  jobs: Job[],
  awaitingLines: Array<Record<string, unknown>>,
  remittances: Array<Record<string, unknown>>,
): void {
  const collected = jobs.filter((job) => job.collection?.status === 'collected');
  const sum = (amounts: number[]) => amounts.reduce((total, amount) => total + amount, 0);
  const pending = remittances.filter((remittance) => remittance.status === 'pending');
  const pendingIds = new Set(pending.map((remittance) => remittance.remittanceId));
  const credited = remittances.filter((remittance) => remittance.status === 'credited');
  const remitEntries = ledger.filter((entry) => entry.type === 'cod_remittance');
  expect({
    codCollectedMinor: store.codCollectedMinor,
    codAwaitingMinor: store.codAwaitingMinor,
    codRemittedMinor: store.codRemittedMinor,
    awaitingJobs: awaitingLines.map((line) => line.jobId).sort(),
    pendingJobs: collected.filter((job) => pendingIds.has(job.collection!.remittanceId)).length,
    remitEntries: remitEntries.map((entry) => `le_${entry.id.replaceAll('-', '')}:${entry.balanceDeltaMinor}`).sort(),
  }).toEqual({
    codCollectedMinor: sum(collected.map((job) => job.collection!.amountMinor)),
    codAwaitingMinor: sum(awaitingLines.map((line) => line.amountMinor as number)) + sum(pending.map((remittance) => remittance.amountMinor as number)),
    codRemittedMinor: sum(remitEntries.map((entry) => entry.balanceDeltaMinor)),
    awaitingJobs: collected
      .filter((job) => job.collection!.remittanceId === null)
      .map((job) => job.id)
      .sort(),
    pendingJobs: sum(pending.map((remittance) => remittance.jobCount as number)),
    remitEntries: credited.map((remittance) => `${remittance.ledgerEntryId as string}:${remittance.amountMinor as number}`).sort(),
  });
  // Every remitted job is in a remittance of its store, whose amount is the sum of its jobs' payments.
  for (const remittance of remittances) {
    const remitted = collected.filter((job) => job.collection!.remittanceId === remittance.remittanceId);
    expect([remitted.length, sum(remitted.map((job) => job.collection!.amountMinor))]).toEqual([remittance.jobCount, remittance.amountMinor]);
  }
  expect(collected.filter((job) => job.collection!.remittanceId !== null && !remittances.some((r) => r.remittanceId === job.collection!.remittanceId))).toEqual(
    [],
  );
  expect(store.codCollectedMinor).toBe(store.codAwaitingMinor + store.codRemittedMinor);
  // UPI payments awaiting verification: each with its line still awaiting (never remitted), verified on the line as on the job.
  const unverified = collected.filter((job) => verifiedAtOf(job.collection!) === null);
  expect(unverified.filter((job) => job.collection!.remittanceId !== null)).toEqual([]);
  const lineVerified = new Map(awaitingLines.map((line) => [line.jobId, line.verifiedAt === undefined ? line.collectedAt : line.verifiedAt]));
  for (const job of collected.filter((each) => lineVerified.has(each.id))) expect(lineVerified.get(job.id)).toBe(verifiedAtOf(job.collection!));
}

/** The body of 409 parcel_return_required: a cancel after pickup, naming the call that brings the parcel back. */
export function parcelReturnRequired(jobId: string) {
  return {
    error: 'The parcel has been picked up; it must be returned before the job can end: POST /v1/jobs/{id}/return recalls it to the pickup',
    code: 'parcel_return_required',
    details: { formErrors: [], fieldErrors: {}, returnPath: `/v1/jobs/${jobId}/return` },
  };
}
