import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { readResponse, useLocalApi } from '../helpers/server.ts';
import { expectLedgerInvariant, merchantView, newMerchant, useMerchant, type TestMerchant } from '../helpers/merchant.ts';
import { bookJobAt, newFleetMember } from '../helpers/fleet.ts';
import { authHeaders } from '../helpers/fixtures.ts';
import { bookedDetail } from '../helpers/job-detail.ts';
import { openPage, pageText, trackingLinkOf } from '../helpers/tracking.ts';
import { captureAccessLog, useHandlerLogs } from '../helpers/logs.ts';
import { dispatchTick } from '../../functions/workers/dispatch.ts';
import { relayTick } from '../../functions/workers/relay.ts';
import { deliverTick } from '../../functions/webhooks/deliver.ts';
import { allowLoopbackReceivers, startReceiver } from '../helpers/receiver.ts';
import { raced } from '../helpers/races.ts';
import type { EventView } from '../../functions/schemas/views/event.view.ts';

/**
 * Instructions on the booking, and PATCH /v1/jobs/{id}: the merchant's edit of a job's contacts and
 * instructions, through the real local server (key, rate limit, validation, the transition function,
 * the versioned write with its job.updated event).
 */
allowLoopbackReceivers();
const api = useLocalApi();
useHandlerLogs();
const shop = useMerchant(api, { creditMinor: 10_000_000 });

type Reply = { status: number; body: unknown; headers: Headers };

/** PATCH /v1/jobs/{id} with this body (a string is sent as it is) and extra headers. */
async function patch(merchant: TestMerchant, jobId: string, body: unknown, headers: Record<string, string> = {}): Promise<Reply> {
  const init = { method: 'PATCH', headers: { ...authHeaders(merchant.apiKey), ...headers } };
  return readResponse(
    await api.server.request(`/v1/jobs/${jobId}`, body === undefined ? init : { ...init, body: typeof body === 'string' ? body : JSON.stringify(body) }),
  );
}

const answer = (reply: Reply) => ({ status: reply.status, body: reply.body });

/** The job's events in the store's feed (type and data), once the relay has placed them. */
async function feedOf(merchant: TestMerchant, id: string) {
  await relayTick(api.table.rt);
  const reply = await merchant.get(`/v1/events?jobId=${id}&limit=100`);
  expect(reply.status).toBe(200);
  return (reply.body as { data: EventView[] }).data;
}

const INSTRUCTIONS = 'Gate behind the temple, 3rd floor';

describe('instructions on the booking', () => {
  it('shows them on the job detail, whitespace runs folded to one space and the ends trimmed', async () => {
    // Act
    const job = await shop.merchant.bookJob({ body: { pickupInstructions: '  Ask at the\n\tcounter ', dropInstructions: INSTRUCTIONS } });

    // Assess
    expect(job).toEqual(bookedDetail({ pickupInstructions: 'Ask at the counter', dropInstructions: INSTRUCTIONS }));
    expect(await merchantView(shop.merchant, job.id)).toEqual(bookedDetail({ pickupInstructions: 'Ask at the counter', dropInstructions: INSTRUCTIONS }));
  });

  it('makes them part of the idempotency fingerprint: the same key with other instructions is 409, with the same (normalised) ones the same job', async () => {
    // Prepare
    const quoteId = await shop.merchant.quote();
    const key = randomUUID();
    const first = await shop.merchant.book(quoteId, { idempotencyKey: key, body: { dropInstructions: INSTRUCTIONS } });

    // Act
    const sameAgain = await shop.merchant.book(quoteId, { idempotencyKey: key, body: { dropInstructions: ` ${INSTRUCTIONS.replace(' ', '   ')} ` } });
    const other = await shop.merchant.book(quoteId, { idempotencyKey: key, body: { dropInstructions: 'Leave with the guard' } });
    const without = await shop.merchant.book(quoteId, { idempotencyKey: key });

    // Assess
    expect(first.status).toBe(201);
    expect(answer(sameAgain)).toEqual({ status: 200, body: first.body });
    const jobId = (first.body as { data: { id: string } }).data.id;
    const conflict = {
      status: 409,
      body: {
        error: `This Idempotency-Key was already used with different booking details: it booked job ${jobId} (GET /v1/jobs/${jobId}); use a new key for a new booking`,
        code: 'idempotency_conflict',
        details: { formErrors: [], fieldErrors: {}, jobId },
      },
    };
    expect(answer(other)).toEqual(conflict);
    expect(answer(without)).toEqual(conflict);
  });

  it.each([
    ['blank', '  \n ', 'Must not be blank: send null to clear an instruction'],
    ['281 characters', 'x'.repeat(281), 'Must be at most 280 characters (it has 281)'],
    ['a control character', 'Ring\u0007twice', 'Must not contain control characters (other than spaces, tabs and line breaks)'],
    ['a bidirectional override', 'Flat \u202E21', 'Must not contain invisible, bidi or tag characters (ZWJ and ZWNJ are allowed)'],
    ['a lone surrogate', 'Flat \uD800 2', 'Must be valid text (it holds a lone UTF-16 surrogate)'],
    ['not a string', 42, 'Invalid input: expected string, received number'],
  ])('refuses instructions that are %s with 400, booking nothing', async (_, value, message) => {
    const quoteId = await shop.merchant.quote();

    const reply = await shop.merchant.book(quoteId, { body: { dropInstructions: value } });

    expect(answer(reply)).toEqual({
      status: 400,
      body: {
        error: 'Invalid request body: check dropInstructions',
        code: 'validation_error',
        details: { formErrors: [], fieldErrors: { dropInstructions: [message] } },
      },
    });
    expect((await shop.merchant.get(`/v1/jobs?limit=100`)).body).not.toMatchObject({ data: [{ externalOrderId: expect.anything() }] });
  });

  it('takes 280 characters counted as characters (an emoji is one), not UTF-16 units', async () => {
    const text = '🏠'.repeat(280);

    const job = await shop.merchant.bookJob({ body: { pickupInstructions: text } });

    expect(job.pickupInstructions).toBe(text);
  });

  it('shows them to the rider holding the job, and never on the tracking page', async () => {
    // Prepare: a job with instructions, accepted by a rider, with a tracking link
    const merchant = await newMerchant(api.table.rt, api.server);
    const rider = await newFleetMember(api.table.rt, api.server, 'rider');
    const job = await merchant.bookJob({ body: { pickupInstructions: 'Ask at the counter', dropInstructions: INSTRUCTIONS } });
    await dispatchTick(api.table.rt);
    expect((await rider.post(`/fleet/v1/jobs/${job.id}/accept`)).status).toBe(200);
    const link = await trackingLinkOf(merchant, job.id);

    // Act
    const fleetView = await rider.get(`/fleet/v1/jobs/${job.id}`);
    const page = await openPage(api.server, link.path);

    // Assess
    expect(fleetView.body).toMatchObject({ data: { pickup: { instructions: 'Ask at the counter' }, drop: { instructions: INSTRUCTIONS } } });
    expect(page.status).toBe(200);
    expect(page.html).not.toContain('temple');
    expect(page.html).not.toContain('counter');
    expect(pageText(page.html)).not.toContain('3rd floor');
  });

  it('leaves the job summary (list items) as it was', async () => {
    const job = await shop.merchant.bookJob({ body: { dropInstructions: INSTRUCTIONS } });

    const list = (await shop.merchant.get('/v1/jobs?limit=1')).body as { data: Array<Record<string, unknown>> };

    expect(list.data[0]!.id).toBe(job.id);
    expect(Object.keys(list.data[0]!)).not.toContain('dropInstructions');
    expect(Object.keys(list.data[0]!)).toHaveLength(14);
  });
});

describe('PATCH /v1/jobs/{id}', () => {
  it('changes the fields sent (phones normalised, null clears an instruction) and answers 200 with the job detail and its new ETag', async () => {
    // Prepare
    const job = await shop.merchant.bookJob({ body: { pickupInstructions: 'Ask at the counter' } });
    const read = await shop.merchant.get(`/v1/jobs/${job.id}`);

    // Act
    const reply = await patch(shop.merchant, job.id, {
      dropPhone: '098450-54321',
      dropName: 'Asha R.',
      pickupInstructions: null,
      dropInstructions: INSTRUCTIONS,
    });

    // Assess
    expect(read.headers.get('etag')).toBe('"1"');
    expect(answer(reply)).toEqual({
      status: 200,
      body: { data: bookedDetail({ id: job.id, dropPhone: '+919845054321', dropName: 'Asha R.', pickupInstructions: null, dropInstructions: INSTRUCTIONS }) },
    });
    expect(reply.headers.get('etag')).toBe('"2"');
    expect(await merchantView(shop.merchant, job.id)).toEqual((reply.body as { data: unknown }).data);
  });

  it('writes a job.updated event naming the changed fields (no values), in the edit’s own transaction', async () => {
    const job = await shop.merchant.bookJob();

    await patch(shop.merchant, job.id, { dropPhone: '+91 98450 54321', dropName: 'Asha Rao', pickupInstructions: 'Ask at the counter' });

    const feed = await feedOf(shop.merchant, job.id);
    expect(feed.map((event) => [event.type, event.sequence])).toEqual([
      ['job.created', 1],
      ['job.updated', 2],
    ]);
    // dropName was sent unchanged: not a changed field
    expect(feed[1]!.data).toEqual({
      previousStatus: 'created',
      job: expect.objectContaining({ id: job.id, dropPhone: '+919845054321' }),
      changedFields: ['pickupInstructions', 'dropPhone'],
    });
    expect(JSON.stringify(feed[1]!.data)).not.toContain('Ask at the counter');
  });

  it('delivers job.updated to a webhook endpoint that asks for it alone, signed as standardwebhooks verifies', async () => {
    // Prepare: an endpoint of the job.updated type only
    const merchant = await newMerchant(api.table.rt, api.server);
    const target = await startReceiver();
    try {
      const registered = await merchant.post('/v1/webhook-endpoints', { url: target.url, eventTypes: ['job.updated'] });
      expect(registered.status).toBe(201);
      const { secret } = (registered.body as { data: { secret: string } }).data;
      const job = await merchant.bookJob();

      // Act
      expect((await patch(merchant, job.id, { dropInstructions: INSTRUCTIONS })).status).toBe(200);
      await relayTick(api.table.rt);
      await deliverTick(api.table.rt);

      // Assess: the edit's event only (not the booking's), verified
      const hook = new Webhook(secret);
      const delivered = target.received.map((r) => hook.verify(r.body, r.headers as Record<string, string>));
      expect(delivered).toEqual([
        expect.objectContaining({ type: 'job.updated', jobId: job.id, sequence: 2, data: expect.objectContaining({ changedFields: ['dropInstructions'] }) }),
      ]);
    } finally {
      await target.close();
    }
  });

  it('writes nothing for an edit that changes nothing: the ETag stays and no event is written', async () => {
    const job = await shop.merchant.bookJob();

    const reply = await patch(shop.merchant, job.id, { dropName: 'Asha Rao', dropPhone: '+91 98450 12345' }, { 'If-Match': '"1"' });

    expect(answer(reply)).toEqual({ status: 200, body: { data: bookedDetail({ id: job.id }) } });
    expect(reply.headers.get('etag')).toBe('"1"');
    expect((await feedOf(shop.merchant, job.id)).map((event) => event.type)).toEqual(['job.created']);
  });

  it('lets the rider see the new details on their next read', async () => {
    const merchant = await newMerchant(api.table.rt, api.server);
    const rider = await newFleetMember(api.table.rt, api.server, 'rider');
    const { id } = await bookJobAt(api.table.rt, merchant, 'pickup_completed', rider);

    const reply = await patch(merchant, id, { dropPhone: '9845054321', dropInstructions: INSTRUCTIONS });
    const seen = await rider.get(`/fleet/v1/jobs/${id}`);

    expect(reply.status).toBe(200);
    expect(seen.body).toMatchObject({ data: { drop: { phone: '+919845054321', instructions: INSTRUCTIONS, name: 'Asha Rao' } } });
  });

  it('changes the drop’s fields after pickup but refuses the pickup’s with 409 job_not_editable, naming them, and changes nothing', async () => {
    const merchant = await newMerchant(api.table.rt, api.server);
    const rider = await newFleetMember(api.table.rt, api.server, 'rider');
    const { id } = await bookJobAt(api.table.rt, merchant, 'pickup_completed', rider);
    const before = await merchantView(merchant, id);

    const refused = await patch(merchant, id, { pickupPhone: '9876500000', pickupInstructions: 'x', dropName: 'Someone' });
    const dropOnly = await patch(merchant, id, { dropName: 'Someone' });

    expect(answer(refused)).toEqual({
      status: 409,
      body: {
        error: 'A pickup_completed job cannot change pickupPhone, pickupInstructions',
        code: 'job_not_editable',
        details: { formErrors: [], fieldErrors: {}, fields: ['pickupPhone', 'pickupInstructions'], status: 'pickup_completed' },
      },
    });
    expect(dropOnly.status).toBe(200);
    expect(await merchantView(merchant, id)).toEqual({ ...before, dropName: 'Someone', updatedAt: expect.any(String) });
  });

  it('refuses any field of an ended job with 409 job_not_editable', async () => {
    const job = await shop.merchant.bookJob();
    expect((await shop.merchant.post(`/v1/jobs/${job.id}/cancel`)).status).toBe(200);

    const reply = await patch(shop.merchant, job.id, { dropPhone: '9845054321' });

    expect(answer(reply)).toEqual({
      status: 409,
      body: {
        error: 'A cancelled job cannot change dropPhone',
        code: 'job_not_editable',
        details: { formErrors: [], fieldErrors: {}, fields: ['dropPhone'], status: 'cancelled' },
      },
    });
  });

  it.each([
    [
      'an empty object',
      {},
      { formErrors: ['Send at least one of pickupName, pickupPhone, pickupInstructions, dropName, dropPhone, dropInstructions'], fieldErrors: {} },
    ],
    ['an unknown field', { dropAddress: 'elsewhere' }, { formErrors: [], fieldErrors: { dropAddress: ['Unknown field'] } }],
    ['a null name', { dropName: null }, { formErrors: [], fieldErrors: { dropName: ['Invalid input: expected string, received null'] } }],
    [
      'a bad phone',
      { pickupPhone: '12345' },
      { formErrors: [], fieldErrors: { pickupPhone: ['Must be an Indian mobile number: ten digits starting 6-9, optionally after +91, 91 or 0'] } },
    ],
    [
      'a blank instruction',
      { dropInstructions: ' ' },
      { formErrors: [], fieldErrors: { dropInstructions: ['Must not be blank: send null to clear an instruction'] } },
    ],
  ])('answers 400 validation_error for %s, changing nothing', async (_, body, details) => {
    const job = await shop.merchant.bookJob();

    const reply = await patch(shop.merchant, job.id, body);

    const named = Object.keys(details.fieldErrors);
    const error = named.length > 0 ? `Invalid request body: check ${named.join(', ')}` : 'Invalid request body';
    expect(answer(reply)).toEqual({ status: 400, body: { error, code: 'validation_error', details } });
    expect((await shop.merchant.get(`/v1/jobs/${job.id}`)).headers.get('etag')).toBe('"1"');
  });

  it('answers 400 for a missing body and for invalid JSON', async () => {
    const job = await shop.merchant.bookJob();

    const missing = await patch(shop.merchant, job.id, undefined);
    const broken = await patch(shop.merchant, job.id, '{"dropName":');

    expect(answer(missing)).toEqual({
      status: 400,
      body: {
        error: 'Request body is required',
        code: 'validation_error',
        details: { formErrors: ['Send a JSON object as the request body'], fieldErrors: {} },
      },
    });
    expect(broken.status).toBe(400);
    expect(broken.body).toMatchObject({ code: 'invalid_json' });
  });

  it.each(Object.getOwnPropertyNames(Object.prototype))('refuses %s as a field with 400, changing nothing', async (name) => {
    const job = await shop.merchant.bookJob();

    const reply = await patch(shop.merchant, job.id, `{"${name}": {"dropName": "x"}, "dropName": "Asha Rao"}`);

    // The body parser refuses a __proto__ key outright (prototype poisoning); every other name is an unknown field.
    expect(answer(reply)).toEqual({
      status: 400,
      body:
        name === '__proto__'
          ? { error: 'Request body is not valid JSON', code: 'invalid_json' }
          : { error: `Invalid request body: check ${name}`, code: 'validation_error', details: { formErrors: [], fieldErrors: { [name]: ['Unknown field'] } } },
    });
    expect(await merchantView(shop.merchant, job.id)).toEqual(bookedDetail({ id: job.id }));
  });

  it('answers 404 for a job of another store, and for an id that is not a job', async () => {
    const other = await newMerchant(api.table.rt, api.server);
    const theirs = await other.bookJob();

    const foreign = await patch(shop.merchant, theirs.id, { dropName: 'x' });

    expect(answer(foreign)).toEqual({ status: 404, body: { error: `No job ${theirs.id} for this store`, code: 'job_not_found' } });
    expect(await merchantView(other, theirs.id)).toEqual(bookedDetail({ id: theirs.id }));
  });
});

describe('PATCH /v1/jobs/{id} with If-Match', () => {
  it('applies the edit when If-Match names the current ETag (or *), and answers 412 when it names an older one', async () => {
    const job = await shop.merchant.bookJob();

    const current = await patch(shop.merchant, job.id, { dropName: 'One' }, { 'If-Match': '"1"' });
    const stale = await patch(shop.merchant, job.id, { dropName: 'Two' }, { 'If-Match': '"1"' });
    const any = await patch(shop.merchant, job.id, { dropName: 'Three' }, { 'If-Match': '*' });
    const listed = await patch(shop.merchant, job.id, { dropName: 'Four' }, { 'If-Match': '"2", "3"' });

    expect([current.status, current.headers.get('etag')]).toEqual([200, '"2"']);
    expect(answer(stale)).toEqual({
      status: 412,
      body: { error: 'The job changed since you read it (If-Match does not name its current ETag); read it again and retry', code: 'precondition_failed' },
    });
    expect([any.status, any.headers.get('etag')]).toEqual([200, '"3"']);
    expect([listed.status, listed.headers.get('etag')]).toEqual([200, '"4"']);
    expect((await merchantView(shop.merchant, job.id)).dropName).toBe('Four');
  });

  it('never matches a weak ETag (If-Match compares strongly): 412', async () => {
    const job = await shop.merchant.bookJob();

    const reply = await patch(shop.merchant, job.id, { dropName: 'One' }, { 'If-Match': 'W/"1"' });

    expect(reply.status).toBe(412);
    expect((await merchantView(shop.merchant, job.id)).dropName).toBe('Asha Rao');
  });

  it('accepts empty list elements in If-Match (RFC 9110 §5.6.1): "1", and , "2" and "3",,"9" name their tags', async () => {
    const job = await shop.merchant.bookJob();

    const trailing = await patch(shop.merchant, job.id, { dropName: 'One' }, { 'If-Match': '"1",' });
    const leading = await patch(shop.merchant, job.id, { dropName: 'Two' }, { 'If-Match': ', "2"' });
    const doubled = await patch(shop.merchant, job.id, { dropName: 'Three' }, { 'If-Match': '"3",,"9"' });
    const stale = await patch(shop.merchant, job.id, { dropName: 'Four' }, { 'If-Match': '"1", ' });

    expect([trailing.status, trailing.headers.get('etag')]).toEqual([200, '"2"']);
    expect([leading.status, leading.headers.get('etag')]).toEqual([200, '"3"']);
    expect([doubled.status, doubled.headers.get('etag')]).toEqual([200, '"4"']);
    expect(stale.status).toBe(412);
    expect((await merchantView(shop.merchant, job.id)).dropName).toBe('Three');
  });

  it.each(['1', '"1', 'v1, "1"', '""1""', ',', ' , ,'])('answers 400 validation_error for a malformed If-Match (%s)', async (value) => {
    const job = await shop.merchant.bookJob();

    const reply = await patch(shop.merchant, job.id, { dropName: 'One' }, { 'If-Match': value });

    expect(answer(reply)).toEqual({
      status: 400,
      body: {
        error: 'Invalid headers: check If-Match',
        code: 'validation_error',
        details: { formErrors: [], fieldErrors: { 'If-Match': ['Must be * or a list of ETags as GET /v1/jobs/{id} sends them, e.g. "3"'] } },
      },
    });
  });
});

describe('PATCH /v1/jobs/{id} racing the platform', () => {
  it('is decided again on the job as it now is when dispatch queued it meanwhile: the edit lands on the queued job', async () => {
    const merchant = await newMerchant(api.table.rt, api.server);
    const job = await merchant.bookJob();

    const { reply, reads, tries } = await raced(
      () => dispatchTick(api.table.rt),
      () => patch(merchant, job.id, { pickupInstructions: 'Ask at the counter' }),
    );

    expect(reply).toMatchObject({ status: 200, body: { data: { status: 'queued', pickupInstructions: 'Ask at the counter' } } });
    expect([reads, tries]).toEqual([2, 2]);
    expect((await feedOf(merchant, job.id)).map((event) => event.type)).toEqual(['job.created', 'job.queued', 'job.updated']);
    await expectLedgerInvariant(api.table.rt, merchant.storeId);
  });

  it('answers 409 job_not_editable when the rider picked the parcel up meanwhile, writing nothing', async () => {
    const merchant = await newMerchant(api.table.rt, api.server);
    const rider = await newFleetMember(api.table.rt, api.server, 'rider');
    const { id } = await bookJobAt(api.table.rt, merchant, 'pickup_arrived', rider);
    const code = (await merchantView(merchant, id)).verification.pickup.code;

    const { reply } = await raced(
      () => rider.post(`/fleet/v1/jobs/${id}/handoffs/pickup/code`, { code }),
      () => patch(merchant, id, { pickupPhone: '9876500000' }),
    );

    expect(reply).toEqual({
      status: 409,
      body: {
        error: 'A pickup_completed job cannot change pickupPhone',
        code: 'job_not_editable',
        details: { formErrors: [], fieldErrors: {}, fields: ['pickupPhone'], status: 'pickup_completed' },
      },
    });
    expect((await merchantView(merchant, id)).pickupPhone).toBe('+919876543210');
  });

  it('answers 412 under If-Match when dispatch changed the job meanwhile, writing nothing', async () => {
    const merchant = await newMerchant(api.table.rt, api.server);
    const job = await merchant.bookJob();

    const { reply, tries } = await raced(
      () => dispatchTick(api.table.rt),
      () => patch(merchant, job.id, { dropName: 'One' }, { 'If-Match': '"1"' }),
    );

    expect(reply).toMatchObject({ status: 412, body: { code: 'precondition_failed' } });
    expect(tries).toBe(1);
    expect(await merchantView(merchant, job.id)).toMatchObject({ status: 'queued', dropName: 'Asha Rao' });
  });
});

describe('PATCH /v1/jobs/{id} cost', () => {
  it('costs a fixed number of DynamoDB calls: key and store; the bucket and the job read; the edit’s transaction (none for a no-op or a refusal)', async () => {
    const m = await newMerchant(api.table.rt, api.server);
    const job = await m.bookJob();
    await m.get('/v1/balance'); // the container learns which store the key belongs to

    const records = await captureAccessLog(async () => {
      await patch(m, job.id, { dropInstructions: INSTRUCTIONS });
      await patch(m, job.id, { dropInstructions: INSTRUCTIONS });
      await patch(m, job.id, { dropName: 'One' }, { 'If-Match': '"2"' });
      await patch(m, job.id, { dropName: 'Two' }, { 'If-Match': '"2"' });
      await patch(m, job.id, { nope: 1 });
    });

    expect(records.map((r) => [r.route, r.status, r.dynamoRoundTrips, r.dynamoCalls])).toEqual([
      // key and store together; the bucket and the job's read together; one transaction: key and store checks, job, event
      ['PATCH /v1/jobs/{id}', 200, 3, 5],
      // the same edit again changes nothing: no write
      ['PATCH /v1/jobs/{id}', 200, 2, 4],
      ['PATCH /v1/jobs/{id}', 200, 3, 5],
      // a stale If-Match is refused after the job's read
      ['PATCH /v1/jobs/{id}', 412, 2, 4],
      // refused before any work: key and store, then the bucket
      ['PATCH /v1/jobs/{id}', 400, 2, 3],
    ]);
  });
});
