import { describe, expect, it } from 'vitest';
import { useLocalApi } from '../helpers/server.ts';
import { expectLedgerInvariant, newMerchant } from '../helpers/merchant.ts';
import { driveJob } from '../helpers/fleet.ts';
import { routesOf } from '../../functions/http/routes.ts';
import { loadOperationDocs } from '../../scripts/openapi-document.ts';

const api = useLocalApi();
const docs = await loadOperationDocs();

// Every merchant POST that takes no body (cancel, tracking link, …): a field sent there would be ignored, so it is refused, and nothing happens.
describe('POST routes that take no body', () => {
  const bodyless = routesOf('merchant').filter((route) => route.method === 'POST' && !docs[`${route.method} ${route.path}`]?.requestBody);
  const jobMoves = bodyless.filter((route) => route.path.startsWith('/v1/jobs/{id}/'));

  it('are the cancel, the recall, the tracking link, the secret rotation, the test event and the key revocation', () => {
    expect(bodyless.map((route) => route.path).sort()).toEqual([
      '/v1/api-keys/{id}/revoke',
      '/v1/jobs/{id}/cancel',
      '/v1/jobs/{id}/return',
      '/v1/jobs/{id}/tracking-link',
      '/v1/webhook-endpoints/{id}/rotate-secret',
      '/v1/webhook-endpoints/{id}/test',
    ]);
  });

  it.each(jobMoves.map((route) => [route.path]))('%s refuses a body with a field, names it, and changes nothing', async (path) => {
    const m = await newMerchant(api.table.rt, api.server);
    const job = await m.bookJob();
    // A recall needs a parcel to bring back: the job is picked up first.
    const recall = path.endsWith('/return');
    if (recall) await driveJob(api.table.rt, m.storeId, job.id, 'pickup_completed');

    const refused = await m.post(path.replace('{id}', job.id), { reason: 'customer asked' });
    const empty = await m.post(path.replace('{id}', job.id), {});

    expect(refused).toMatchObject({
      status: 400,
      body: { error: 'Invalid request body: check reason', code: 'validation_error', details: { formErrors: [], fieldErrors: { reason: ['Unknown field'] } } },
    });
    expect(empty.status).toBeLessThan(300);
    const after = path.endsWith('cancel') || recall ? 'cancelled' : 'created';
    expect((await m.get(`/v1/jobs/${job.id}`)).body).toMatchObject({ data: { status: after } });
    await expectLedgerInvariant(api.table.rt, m.storeId);
  });
});
