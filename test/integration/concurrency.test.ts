import { describe, expect, it } from 'vitest';
import { useLocalApi } from '../helpers/server.ts';
import { allJobs, expectLedgerInvariant, newMerchant } from '../helpers/merchant.ts';
import { BENGALURU_CHARGE_MINOR } from '../helpers/fixtures.ts';

const api = useLocalApi();
const merchant = (options?: Parameters<typeof newMerchant>[2]) => newMerchant(api.table.rt, api.server, options);
const codeOf = (body: unknown) => (body as { code?: string }).code;

describe('under concurrency', () => {
  it('books one quote once when 20 requests with different keys race for it', async () => {
    const m = await merchant();
    const quoteId = await m.quote();

    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => m.book(quoteId, { idempotencyKey: `race-${i}` })));

    expect(responses.filter((r) => r.status === 201)).toHaveLength(1);
    const losers = responses.filter((r) => r.status !== 201);
    expect(losers.map((r) => [r.status, codeOf(r.body)])).toEqual(Array(19).fill([409, 'quote_used']));
    expect(await allJobs(api.table.rt, m.storeId)).toHaveLength(1);
    await expectLedgerInvariant(api.table.rt, m.storeId);
  });

  it('makes one job from 20 identical requests with one key', async () => {
    const m = await merchant();
    const quoteId = await m.quote();

    const responses = await Promise.all(Array.from({ length: 20 }, () => m.book(quoteId, { idempotencyKey: 'same-key' })));

    expect(responses.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of responses.filter((r) => r.status !== 201)) {
      // Replays of the finished booking, or told to retry while it is still running.
      expect([
        [200, undefined],
        [409, 'idempotency_in_progress'],
      ]).toContainEqual([r.status, codeOf(r.body)]);
    }
    const jobs = await allJobs(api.table.rt, m.storeId);
    expect(jobs).toHaveLength(1);
    for (const r of responses.filter((r) => r.status === 200)) expect((r.body as { data: { id: string } }).data.id).toBe(jobs[0]!.id);
    await expectLedgerInvariant(api.table.rt, m.storeId);
  });

  it('never lets available credit go below zero when parallel bookings want more than there is', async () => {
    // Credit for 7 of the 20 Bengaluru quotes, with 100 paise to spare.
    const m = await merchant({ creditMinor: 7 * BENGALURU_CHARGE_MINOR + 100 });
    const quotes = await Promise.all(Array.from({ length: 20 }, () => m.quote()));

    const responses = await Promise.all(quotes.map((quoteId) => m.book(quoteId)));

    expect(responses.filter((r) => r.status === 201)).toHaveLength(7);
    expect(responses.filter((r) => r.status !== 201).map((r) => [r.status, codeOf(r.body)])).toEqual(Array(13).fill([422, 'insufficient_credit']));
    const store = (await api.table.rt.stores.get(m.storeId))!;
    expect(store).toMatchObject({
      balanceMinor: 7 * BENGALURU_CHARGE_MINOR + 100,
      reservedMinor: 7 * BENGALURU_CHARGE_MINOR,
      availableMinor: 100,
      jobCount: 7,
    });
    await expectLedgerInvariant(api.table.rt, m.storeId);
  });

  it('numbers parallel bookings of one store 1..n without gaps, and lists them all', async () => {
    const m = await merchant();
    const quotes = await Promise.all(Array.from({ length: 12 }, () => m.quote()));

    const responses = await Promise.all(quotes.map((quoteId, i) => m.book(quoteId, { body: { externalOrderId: `ORD-${i}` } })));

    expect(responses.map((r) => r.status)).toEqual(Array(12).fill(201));
    const jobs = await allJobs(api.table.rt, m.storeId);
    expect(jobs.map((job) => job.seq).sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    const list = await m.get('/v1/jobs?limit=100');
    const listed = (list.body as { data: Array<{ id: string }> }).data.map((job) => job.id);
    expect(listed).toEqual([...jobs].sort((a, b) => b.seq - a.seq).map((job) => job.id));
    await expectLedgerInvariant(api.table.rt, m.storeId);
  });

  it('cancels a job once when 10 cancels race, releasing the credit once', async () => {
    const m = await merchant({ creditMinor: 10_000 });
    const job = await m.bookJob();

    const responses = await Promise.all(Array.from({ length: 10 }, () => m.post(`/v1/jobs/${job.id}/cancel`)));

    expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of responses.filter((r) => r.status !== 200)) {
      // Read the job after the winner had cancelled it, or lost the race at the write and was decided again on it.
      expect([r.status, codeOf(r.body)]).toEqual([400, 'not_cancellable']);
    }
    const releases = (await api.table.rt.stores.ledger(m.storeId)).filter((entry) => entry.type === 'release');
    expect(releases).toHaveLength(1);
    expect((await api.table.rt.stores.get(m.storeId))!).toMatchObject({ balanceMinor: 10_000, reservedMinor: 0, availableMinor: 10_000 });
    await expectLedgerInvariant(api.table.rt, m.storeId);
  });
});
