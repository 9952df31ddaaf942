import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { StatementEntry } from '../../functions/use-cases/statement.ts';
import { useLocalApi } from '../helpers/server.ts';
import { expectLedgerInvariant, newMerchant, type TestMerchant } from '../helpers/merchant.ts';
import { BENGALURU_CHARGE_MINOR } from '../helpers/fixtures.ts';
import { driveJob } from '../helpers/fleet.ts';
import { captureAccessLog, useHandlerLogs } from '../helpers/logs.ts';

const api = useLocalApi();

interface Page {
  data: StatementEntry[];
  nextCursor: string | null;
  hasMore: boolean;
}

async function statement(merchant: TestMerchant, query = ''): Promise<Page> {
  const reply = await merchant.get(`/v1/ledger${query}`);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body as Page;
}

async function balance(merchant: TestMerchant): Promise<{ balanceMinor: number; reservedMinor: number }> {
  return ((await merchant.get('/v1/balance')).body as { data: { balanceMinor: number; reservedMinor: number } }).data;
}

/** A store that was topped up, booked three jobs, cancelled one and had one delivered. */
async function busyMerchant(): Promise<{ merchant: TestMerchant; jobs: string[] }> {
  const merchant = await newMerchant(api.table.rt, api.server, { creditMinor: 50_000 });
  await api.table.rt.stores.credit(merchant.storeId, 20_000, 'UPI 42');
  const jobs = [(await merchant.bookJob()).id, (await merchant.bookJob()).id, (await merchant.bookJob()).id];
  await merchant.post(`/v1/jobs/${jobs[0]}/cancel`);
  await driveJob(api.table.rt, merchant.storeId, jobs[1]!, 'delivered');
  return { merchant, jobs };
}

describe('GET /v1/ledger: the merchant’s statement', () => {
  it('lists every movement newest first, with the store’s figures right after each; the newest equal the balance', async () => {
    const { merchant, jobs } = await busyMerchant();

    const page = await statement(merchant);

    const charge = BENGALURU_CHARGE_MINOR;
    expect(page.data.map((l) => [l.type, l.amountMinor, l.balanceMinor, l.reservedMinor, l.jobId, l.note])).toEqual([
      ['capture', charge, 70_000 - charge, charge, jobs[1], 'Delivered'],
      ['release', charge, 70_000, 2 * charge, jobs[0], 'Cancelled by the merchant'],
      ['reserve', charge, 70_000, 3 * charge, jobs[2], null],
      ['reserve', charge, 70_000, 2 * charge, jobs[1], null],
      ['reserve', charge, 70_000, charge, jobs[0], null],
      ['top_up', 20_000, 70_000, 0, null, 'UPI 42'],
      ['top_up', 50_000, 50_000, 0, null, 'Opening credit'],
    ]);
    expect(page).toMatchObject({ nextCursor: null, hasMore: false });
    const { balanceMinor, reservedMinor } = await balance(merchant);
    expect([page.data[0]!.balanceMinor, page.data[0]!.reservedMinor]).toEqual([balanceMinor, reservedMinor]);
    for (const line of page.data) expect(line.id).toMatch(/^le_[0-9a-f]{32}$/);
    await expectLedgerInvariant(api.table.rt, merchant.storeId);
  });

  it('pages through the statement with its cursor: the same lines, once each, in the same order', async () => {
    const { merchant } = await busyMerchant();
    const whole = (await statement(merchant)).data;

    const paged: StatementEntry[] = [];
    let cursor: string | null = null;
    do {
      const page: Page = await statement(merchant, `?limit=2${cursor ? `&after=${cursor}` : ''}`);
      paged.push(...page.data);
      cursor = page.nextCursor;
      expect(page.hasMore).toBe(cursor !== null);
    } while (cursor);

    expect(paged).toEqual(whole);
  });

  it('shows one job’s entries with the store’s figures at each, following the cursor past the others', async () => {
    const { merchant, jobs } = await busyMerchant();
    const whole = (await statement(merchant)).data;

    const ofJob: StatementEntry[] = [];
    let cursor: string | null = null;
    do {
      const page: Page = await statement(merchant, `?limit=1&jobId=${jobs[0]!.toUpperCase()}${cursor ? `&after=${cursor}` : ''}`);
      ofJob.push(...page.data);
      cursor = page.nextCursor;
    } while (cursor);

    expect(ofJob).toEqual(whole.filter((line) => line.jobId === jobs[0]));
    expect(ofJob.map((l) => l.type)).toEqual(['release', 'reserve']);
  });

  it('answers Accept: text/csv with the same page as CSV: a header row, amounts in paise and in rupees, formulas defused', async () => {
    const merchant = await newMerchant(api.table.rt, api.server, { creditMinor: 10_000 });
    await api.table.rt.stores.credit(merchant.storeId, 2_550, '=HYPERLINK("http://x"), "quoted"');
    const json = (await statement(merchant)).data;

    const response = await api.server.request('/v1/ledger?limit=1', { headers: { 'X-Api-Key': merchant.apiKey, Accept: 'text/csv' } });
    const csv = await response.text();

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.split('\r\n')).toEqual([
      'id,type,amountMinor,amountRupees,balanceMinor,balanceRupees,reservedMinor,reservedRupees,jobId,note,createdAt',
      `${json[0]!.id},top_up,2550,25.50,12550,125.50,0,0.00,,"'=HYPERLINK(""http://x""), ""quoted""",${json[0]!.createdAt}`,
      '',
    ]);
    const cursor = response.headers.get('x-next-cursor')!;
    expect(response.headers.get('link')).toBe(`</v1/ledger?limit=1&after=${cursor}>; rel="next"`);
    const next = await api.server.request(`/v1/ledger?limit=1&after=${cursor}`, { headers: { 'X-Api-Key': merchant.apiKey, Accept: 'text/csv' } });
    expect((await next.text()).split('\r\n')[1]).toBe(`${json[1]!.id},top_up,10000,100.00,10000,100.00,0,0.00,,Opening credit,${json[1]!.createdAt}`);
    expect(next.headers.get('x-next-cursor')).toBeNull();
  });

  it.each([
    ['999,999,999', 999_999_999, 0],
    ['a negative balance', -5_000, 0],
    ['negative reserved credit', 10_000, -3_000],
  ])('refuses a forged cursor showing %s, its unkeyed SHA-256 checksum recomputed, and shows no such figure', async (_what, balance, reserved) => {
    const merchant = await newMerchant(api.table.rt, api.server);
    await merchant.bookJob();
    const real = (await statement(merchant, '?limit=1')).nextCursor!;
    const [key] = JSON.parse(Buffer.from(real, 'base64url').toString()) as [string, number, number, string];
    const checksum = createHash('sha256').update(`statement|${key}|${balance}|${reserved}`).digest('base64url').slice(0, 16);
    const forged = Buffer.from(JSON.stringify([key, balance, reserved, checksum])).toString('base64url');

    const reply = await merchant.get(`/v1/ledger?after=${forged}`);

    expect(reply).toEqual({
      status: 400,
      headers: expect.anything(),
      body: {
        error: 'Invalid query parameters: check after',
        code: 'validation_error',
        details: { formErrors: [], fieldErrors: { after: ['Must be a nextCursor from an earlier page'] } },
      },
    });
  });

  it('refuses another store’s cursor: a cursor is signed for the store it was made for', async () => {
    const merchant = await newMerchant(api.table.rt, api.server);
    const other = await newMerchant(api.table.rt, api.server);
    await merchant.bookJob();
    const theirs = (await statement(merchant, '?limit=1')).nextCursor!;

    expect(await other.get(`/v1/ledger?after=${theirs}`)).toMatchObject({ status: 400, body: { code: 'validation_error' } });
    expect((await merchant.get(`/v1/ledger?after=${theirs}`)).status).toBe(200);
  });

  it.each([
    ['a made-up cursor', 'not-a-cursor'],
    ['a cursor whose figures were changed', 'CHANGED'],
    ['a limit of 0', '0'],
  ])('refuses %s with a validation error', async (what, value) => {
    const merchant = await newMerchant(api.table.rt, api.server);
    let query = `?limit=${value}`;
    if (what !== 'a limit of 0') {
      let after = value;
      if (value === 'CHANGED') {
        await merchant.bookJob();
        const real = (await statement(merchant, '?limit=1')).nextCursor!;
        const parts = JSON.parse(Buffer.from(real, 'base64url').toString()) as [string, number, number, string];
        after = Buffer.from(JSON.stringify([parts[0], parts[1] + 100_000, parts[2], parts[3]])).toString('base64url');
      }
      query = `?after=${after}`;
    }

    const reply = await merchant.get(`/v1/ledger${query}`);

    expect(reply).toMatchObject({ status: 400, body: { code: 'validation_error' } });
  });

  it('never shows another store’s entries', async () => {
    const { merchant } = await busyMerchant();
    const other = await newMerchant(api.table.rt, api.server, { creditMinor: 1_234 });

    expect((await statement(other)).data.map((l) => [l.type, l.amountMinor])).toEqual([['top_up', 1_234]]);
    expect((await statement(merchant)).data).toHaveLength(7);
  });

  it('keeps its figures true while bookings race beside it: every page adds up to the balance read with it', async () => {
    const merchant = await newMerchant(api.table.rt, api.server, { creditMinor: 1_000_000 });
    const pages: Page[] = [];
    const reading = (async () => {
      while (pages.length < 15) {
        const reply = await merchant.get('/v1/ledger?limit=100');
        // A ledger that never stopped moving while the first page was read is 503 (retry later), never a page that does not add up.
        if (reply.status === 503) {
          expect(reply.body).toEqual({ error: 'Service temporarily unavailable; retry later', code: 'service_unavailable' });
          continue;
        }
        expect(reply.status).toBe(200);
        pages.push(reply.body as Page);
      }
    })();
    await Promise.all(Array.from({ length: 12 }, () => merchant.bookJob()));
    await reading;

    for (const page of pages) {
      // Oldest first, each line is the one before plus its own movement, from nothing.
      const lines = [...page.data].reverse();
      let reserved = 0;
      for (const line of lines) {
        if (line.type === 'reserve') reserved += line.amountMinor;
        expect(line.reservedMinor).toBe(reserved);
        expect(line.balanceMinor).toBe(1_000_000);
      }
    }
    await expectLedgerInvariant(api.table.rt, merchant.storeId);
  });

  describe('what it costs', () => {
    useHandlerLogs();

    it('is 5 DynamoDB calls for the first page (key, store, rate limit, the entries, the store again) and 4 for the next', async () => {
      const { merchant } = await busyMerchant();
      const first = await statement(merchant, '?limit=2');

      const records = await captureAccessLog(async () => {
        await statement(merchant, '?limit=2');
        await statement(merchant, `?limit=2&after=${first.nextCursor}`);
      });

      expect(records.map((r) => [r.route, r.status, r.dynamoCalls])).toEqual([
        ['GET /v1/ledger', 200, 5],
        ['GET /v1/ledger', 200, 4],
      ]);
    });
  });
});
