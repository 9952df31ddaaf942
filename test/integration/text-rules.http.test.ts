import { describe, expect, it } from 'vitest';
import { useLocalApi } from '../helpers/server.ts';
import { merchantView, useMerchant } from '../helpers/merchant.ts';
import { bookJobAt, newFleetMember } from '../helpers/fleet.ts';
import { authHeaders } from '../helpers/fixtures.ts';
import { readResponse } from '../helpers/server.ts';

/**
 * Issue 33 §4 (Low): names, addresses and notes, through the real local server. Hidden and disguising
 * characters (NUL, ANSI escapes, bidi overrides and isolates, lone surrogates, tag characters, invisible
 * formatting) are 400 validation_error naming the field; ZWJ and ZWNJ are kept; whitespace is folded;
 * blank text is refused.
 */
const api = useLocalApi();
const shop = useMerchant(api, { creditMinor: 10_000_000 });

const CONTROL = 'Must not contain control characters (other than spaces, tabs and line breaks)';
// Bidi controls, tag characters and invisible formatting: one refusal.
const BIDI = 'Must not contain invisible, bidi or tag characters (ZWJ and ZWNJ are allowed)';
const TAG = BIDI;
const INVISIBLE = BIDI;
const SURROGATE = 'Must be valid text (it holds a lone UTF-16 surrogate)';

const refused = (field: string, message: string) => ({
  status: 400,
  body: { error: `Invalid request body: check ${field}`, code: 'validation_error', details: { formErrors: [], fieldErrors: { [field]: [message] } } },
});
const answer = (reply: { status: number; body: unknown }) => ({ status: reply.status, body: reply.body });

describe('names on a booking', () => {
  it.each([
    ['dropName', 'Asha\u0000Rao', CONTROL],
    ['dropName', 'Asha \u001B[31mRao\u001B[0m', CONTROL],
    ['pickupName', 'Chai \u202EtnioP', BIDI],
    ['pickupName', 'Chai \u2067Point\u2069', BIDI],
    ['dropName', 'Asha \uDC00Rao', SURROGATE],
    ['dropName', 'Asha\u{E0041}\u{E0042} Rao', TAG],
    ['dropName', 'Asha\u200BRao', INVISIBLE],
    ['dropName', '\uFEFFAsha Rao', INVISIBLE],
    ['dropName', 'Asha\u200F Rao', INVISIBLE],
    ['dropName', 'Asha\u2060Rao', INVISIBLE],
    ['dropName', ' \n\t ', 'Must not be blank'],
  ])('refuses %s %j with 400 naming the field, booking nothing', async (field, value, message) => {
    const quoteId = await shop.merchant.quote();
    const before = (await shop.merchant.get('/v1/balance')).body;

    const reply = await shop.merchant.book(quoteId, { body: { [field]: value } });

    expect(answer(reply)).toEqual(refused(field, message));
    expect((await shop.merchant.get('/v1/balance')).body).toEqual(before);
  });

  it('keeps ZWJ and ZWNJ (Indic scripts need them) and folds whitespace runs to one space', async () => {
    const job = await shop.merchant.bookJob({ body: { dropName: '  क्\u200Dष  \n र\u200Cव\t', pickupName: 'Chai\r\nPoint ' } });

    expect(job).toMatchObject({ dropName: 'क्\u200Dष र\u200Cव', pickupName: 'Chai Point' });
    expect(await merchantView(shop.merchant, job.id)).toMatchObject({ dropName: 'क्\u200Dष र\u200Cव', pickupName: 'Chai Point' });
  });
});

describe('addresses on a quote', () => {
  it.each([
    ['dropAddress', '12, 100 Feet Road\u202E, Indiranagar', BIDI],
    ['pickupAddress', 'MG Road\u0000', CONTROL],
    ['dropCity', 'Bengal\u200Buru', INVISIBLE],
    ['pickupCity', '   ', 'Must not be blank'],
    ['packageDescription', 'Docs\u{E007F}', TAG],
  ])('refuses %s %j with 400 naming the field', async (field, value, message) => {
    const reply = await shop.merchant.post('/v1/job-quotes', {
      pickupAddress: 'MG Road, Bengaluru',
      pickupLatitude: 12.9756,
      pickupLongitude: 77.6066,
      dropAddress: '100 Feet Road, Indiranagar, Bengaluru',
      dropLatitude: 12.9784,
      dropLongitude: 77.6408,
      [field]: value,
    });

    expect(answer(reply)).toEqual(refused(field, message));
  });
});

describe('an edit of a job’s contacts', () => {
  it('refuses a name with an ANSI escape or a blank one, naming the field, and changes nothing', async () => {
    const job = await shop.merchant.bookJob();
    const patch = async (body: unknown) =>
      readResponse(await api.server.request(`/v1/jobs/${job.id}`, { method: 'PATCH', headers: authHeaders(shop.merchant.apiKey), body: JSON.stringify(body) }));

    expect(answer(await patch({ dropName: 'Asha\u001B[2J' }))).toEqual(refused('dropName', CONTROL));
    expect(answer(await patch({ pickupName: '\n\n' }))).toEqual(refused('pickupName', 'Must not be blank'));
    expect(answer(await patch({ dropInstructions: 'Gate\u2066 2' }))).toEqual(refused('dropInstructions', BIDI));
    expect((await merchantView(shop.merchant, job.id)).dropName).toBe('Asha Rao');
  });
});

describe('a webhook endpoint’s description', () => {
  it('refuses hidden characters and blank text, and folds whitespace', async () => {
    const url = 'https://shop.example.in/hooks/delivery';

    expect(answer(await shop.merchant.post('/v1/webhook-endpoints', { url, description: 'Orders\u001B[0m' }))).toEqual(refused('description', CONTROL));
    expect(answer(await shop.merchant.post('/v1/webhook-endpoints', { url, description: ' ' }))).toEqual(
      refused('description', 'Must not be blank: send null for no description'),
    );
    const created = await shop.merchant.post('/v1/webhook-endpoints', { url, description: ' Order\n  system ' });
    expect(created.status).toBe(201);
    expect((created.body as { data: { description: string } }).data.description).toBe('Order system');
  });
});

describe('notes on the fleet’s moves', () => {
  it('refuses a delivery attempt’s note and a fail’s reason that hide characters, naming the field', async () => {
    const rider = await newFleetMember(api.table.rt, api.server, 'rider', 'rider-text');
    const { id } = await bookJobAt(api.table.rt, shop.merchant, 'picked_by_agent', rider);

    const note = await rider.post(`/fleet/v1/jobs/${id}/delivery-attempts`, { reason: 'customer_unreachable', note: 'No answer\u{E0020}' });
    const reason = await rider.post(`/fleet/v1/jobs/${id}/fail`, { reason: 'Bike \u202Ebroke' });
    const blank = await rider.post(`/fleet/v1/jobs/${id}/fail`, { reason: '\t \n' });

    expect(answer(note)).toEqual(refused('note', TAG));
    expect(answer(reason)).toEqual(refused('reason', BIDI));
    expect(answer(blank)).toEqual(refused('reason', 'Must not be blank'));
    expect((await merchantView(shop.merchant, id)).status).toBe('picked_by_agent');
  });
});
