import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { useLocalApi } from '../helpers/server.ts';
import { merchantView, useMerchant } from '../helpers/merchant.ts';
import { bookJobAt, FRESH_HANDOFF, newFleetMember, type TestFleetMember } from '../helpers/fleet.ts';
import { AT } from '../helpers/job-detail.ts';

/** What the fleet API refuses before it moves anything: unknown routes, malformed paths, bodies and values. */
const api = useLocalApi();

type FleetJobBody = { data: Record<string, unknown> & { riderLocation: unknown; verification: unknown } };

// A live store with room for many jobs, shared by the tests of this file.
const shop = useMerchant(api, { creditMinor: 10_000_000 });

describe('fleet routing', () => {
  it('returns 404 not_found for an unknown fleet path', async () => {
    const rider = await newFleetMember(api.table.rt, api.server, 'rider');

    const response = await rider.get('/fleet/v1/riders');

    expect(response.status).toBe(404);
    expect(response.body).toEqual({
      error: 'No route for GET /fleet/v1/riders; every route is in the reference (/docs under npm start) and the API guide (docs/api-guide.md)',
      code: 'not_found',
    });
  });

  it('returns 405 with Allow for a fleet path and the wrong method', async () => {
    const rider = await newFleetMember(api.table.rt, api.server, 'rider');

    const response = await rider.get(`/fleet/v1/jobs/${randomUUID()}/accept`);

    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    expect(response.body).toEqual({
      error: expect.stringMatching(/^GET is not allowed on \/fleet\/v1\/jobs\/[0-9a-f-]{36}\/accept; use POST$/),
      code: 'method_not_allowed',
    });
  });

  // The path parameter cannot be decoded, so it cannot be a job id: a client error, not a 500.
  it('returns 400 validation_error for a job id with broken percent-encoding', async () => {
    const rider = await newFleetMember(api.table.rt, api.server, 'rider');

    const response = await rider.get('/fleet/v1/jobs/%zz');

    expect([response.status, (response.body as { code: string }).code]).toEqual([400, 'validation_error']);
  });
});

describe('fleet request validation', () => {
  let rider: TestFleetMember;
  let jobId: string;
  beforeAll(async () => {
    rider = await newFleetMember(api.table.rt, api.server, 'rider', 'rider-validation');
    jobId = (await bookJobAt(api.table.rt, shop.merchant, 'picked_by_agent', rider)).id;
  });

  it.each([
    ['latitude above 90', { latitude: 91, longitude: 77.6 }, 'latitude'],
    ['latitude below -90', { latitude: -90.5, longitude: 77.6 }, 'latitude'],
    ['longitude below -180', { latitude: 12.9, longitude: -181 }, 'longitude'],
    ['longitude above 180', { latitude: 12.9, longitude: 180.01 }, 'longitude'],
    ['negative accuracy', { latitude: 12.9, longitude: 77.6, accuracy: -1 }, 'accuracy'],
    ['accuracy above 10 km', { latitude: 12.9, longitude: 77.6, accuracy: 10_001 }, 'accuracy'],
    ['latitude as a string', { latitude: '12.9', longitude: 77.6 }, 'latitude'],
    ['missing longitude', { latitude: 12.9 }, 'longitude'],
    // Below DynamoDB's smallest number (1e-130 in size): refused, not a failed write (found by test/fuzz).
    ['latitude too close to 0 to store', { latitude: 3e-189, longitude: 77.6 }, 'latitude'],
    ['longitude too close to 0 to store', { latitude: 12.9, longitude: -4e-189 }, 'longitude'],
    ['accuracy too close to 0 to store', { latitude: 12.9, longitude: 77.6, accuracy: 1e-131 }, 'accuracy'],
  ])('returns 400 validation_error for a location with %s', async (_what, body, field) => {
    const response = await rider.post(`/fleet/v1/jobs/${jobId}/location`, body);

    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      error: `Invalid request body: check ${field}`,
      code: 'validation_error',
      details: { formErrors: [], fieldErrors: { [field]: [expect.any(String)] } },
    });
  });

  it('says "Required" for a missing latitude', async () => {
    const response = await rider.post(`/fleet/v1/jobs/${jobId}/location`, { longitude: 77.6 });

    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      error: 'Invalid request body: check latitude',
      code: 'validation_error',
      details: { formErrors: [], fieldErrors: { latitude: ['Required'] } },
    });
  });

  it('names an unknown field in a location', async () => {
    const response = await rider.post(`/fleet/v1/jobs/${jobId}/location`, { latitude: 12.9, longitude: 77.6, speed: 12 });

    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      error: 'Invalid request body: check speed',
      code: 'validation_error',
      details: { formErrors: [], fieldErrors: { speed: ['Unknown field'] } },
    });
  });

  it('leaves the job untouched after a refused location', async () => {
    const before = await merchantView(shop.merchant, jobId);

    await rider.post(`/fleet/v1/jobs/${jobId}/location`, { latitude: 91, longitude: 77.6 });

    expect(await merchantView(shop.merchant, jobId)).toEqual(before);
  });

  it('takes a location at 0 and at the smallest sizes DynamoDB stores', async () => {
    const response = await rider.post(`/fleet/v1/jobs/${jobId}/location`, { latitude: 1e-130, longitude: -1e-130, accuracy: 0 });

    expect(response.status).toBe(200);
    expect((response.body as FleetJobBody).data.riderLocation).toEqual({ latitude: 1e-130, longitude: -1e-130, accuracy: 0, recordedAt: AT });
  });

  it('takes a location with accuracy null or left out', async () => {
    const withNull = await rider.post(`/fleet/v1/jobs/${jobId}/location`, { latitude: 12.97, longitude: 77.61, accuracy: null });
    const without = await rider.post(`/fleet/v1/jobs/${jobId}/location`, { latitude: 12.98, longitude: 77.62 });

    expect(withNull.status).toBe(200);
    expect(without.status).toBe(200);
    expect((without.body as FleetJobBody).data.riderLocation).toEqual({ latitude: 12.98, longitude: 77.62, accuracy: null, recordedAt: AT });
  });

  it.each([
    ['a letter in it', '12a4'],
    ['five digits', '12345'],
    ['three digits', '123'],
    ['spaces around it', ' 1234 '],
    ['the empty string', ''],
  ])('returns 400 validation_error for a handoff code with %s', async (_what, code) => {
    const response = await rider.post(`/fleet/v1/jobs/${jobId}/handoffs/pickup/code`, { code });

    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      error: 'Invalid request body: check code',
      code: 'validation_error',
      details: { formErrors: [], fieldErrors: { code: ['Must be the four-digit code'] } },
    });
  });

  it.each([
    ['a number', { code: 1234 }],
    ['null', { code: null }],
    ['no code', {}],
  ])('returns 400 validation_error for a handoff code given as %s', async (_what, body) => {
    const response = await rider.post(`/fleet/v1/jobs/${jobId}/handoffs/delivery/code`, body);

    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      error: 'Invalid request body: check code',
      code: 'validation_error',
      details: { formErrors: [], fieldErrors: { code: [expect.any(String)] } },
    });
  });

  it('does not count a malformed code as a wrong try', async () => {
    await rider.post(`/fleet/v1/jobs/${jobId}/handoffs/pickup/code`, { code: '12a4' });

    const job = await rider.get(`/fleet/v1/jobs/${jobId}`);

    expect((job.body as FleetJobBody).data.verification).toEqual({ pickup: FRESH_HANDOFF, delivery: FRESH_HANDOFF });
  });

  it.each([
    ['empty', { reason: '' }],
    ['only whitespace', { reason: ' \t\n ' }],
    ['over 500 characters', { reason: 'x'.repeat(501) }],
    ['not a string', { reason: 42 }],
    ['missing', {}],
  ])('returns 400 validation_error for a failure reason that is %s', async (_what, body) => {
    const response = await rider.post(`/fleet/v1/jobs/${jobId}/fail`, body);

    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      error: 'Invalid request body: check reason',
      code: 'validation_error',
      details: { formErrors: [], fieldErrors: { reason: [expect.any(String)] } },
    });
    expect(await merchantView(shop.merchant, jobId)).toMatchObject({ status: 'picked_by_agent' });
  });

  it.each(['arrive', 'code'])('returns 400 validation_error naming handoff for …/handoffs/parcel/%s', async (action) => {
    const response = await rider.post(`/fleet/v1/jobs/${jobId}/handoffs/parcel/${action}`, action === 'code' ? { code: '1234' } : undefined);

    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      error: 'Invalid path: check handoff',
      code: 'validation_error',
      details: { formErrors: [], fieldErrors: { handoff: ['Must be pickup, delivery or return'] } },
    });
  });

  it.each([
    ['location', '{"latitude": 12.9,'],
    ['location', '{latitude: 12.9, longitude: 77.6}'],
    ['fail', 'reason=lost'],
    ['delivery-attempts', 'reason=customer_unreachable'],
  ])('returns 400 invalid_json for a body on …/%s that is not JSON (%s)', async (action, body) => {
    const response = await rider.post(`/fleet/v1/jobs/${jobId}/${action}`, body);

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'Request body is not valid JSON', code: 'invalid_json' });
  });

  it.each([
    ['location', undefined],
    ['location', ''],
    ['fail', '   '],
    ['handoffs/pickup/code', undefined],
    ['handoffs/return/code', undefined],
    ['delivery-attempts', undefined],
  ])('returns 400 validation_error for …/%s with no body (%j)', async (action, body) => {
    const response = await rider.post(`/fleet/v1/jobs/${jobId}/${action}`, body);

    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      error: 'Request body is required',
      code: 'validation_error',
      details: { formErrors: ['Send a JSON object as the request body'], fieldErrors: {} },
    });
  });

  it.each([
    ['an array', '[]'],
    ['a string', '"12.9,77.6"'],
    ['null', 'null'],
  ])('returns 400 validation_error for a location body that is %s', async (_what, body) => {
    const response = await rider.post(`/fleet/v1/jobs/${jobId}/location`, body);

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'Invalid request body', code: 'validation_error', details: { formErrors: [expect.any(String)], fieldErrors: {} } });
  });
});
