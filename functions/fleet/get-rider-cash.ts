import { fleetHandler } from '../http/handler.ts';
import { ok } from '../http/responses.ts';
import { riderCashPart } from '../runtime.ts';
import { RIDER_CASH_ENTRIES, RiderPath, toRiderCash } from '../schemas/rider-cash.schema.ts';

/** GET /fleet/v1/riders/{agentId}/cash (operations): the rider's cash in hand, collected, deposited and due, the limit, and the latest movements. */
export const handler = fleetHandler('GET /fleet/v1/riders/{agentId}/cash', { path: RiderPath, uses: { riderCash: riderCashPart } }, async ({ rt, path }) => {
  const [account, log] = await Promise.all([rt.riderCash.account(path.agentId), rt.riderCash.entries(path.agentId, RIDER_CASH_ENTRIES)]);
  return ok(toRiderCash(account, rt.config.RIDER_CASH_LIMIT_MINOR, log));
});
