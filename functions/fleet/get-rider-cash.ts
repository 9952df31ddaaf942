import { fleetHandler } from '../http/handler.ts';
import { ok } from '../http/responses.ts';
import { RiderNotFoundError } from '../core/errors.ts';
import { riderCashPart } from '../runtime.ts';
import { RIDER_CASH_ENTRIES, RiderPath, toRiderCash } from '../schemas/rider-cash.schema.ts';

/** GET /fleet/v1/riders/{agentId}/cash (operations): the rider's cash in hand, collected, deposited and due, the limit, and the latest movements; 404 rider_not_found for an agent id that never had a fleet key. */
export const handler = fleetHandler('GET /fleet/v1/riders/{agentId}/cash', { path: RiderPath, uses: { riderCash: riderCashPart } }, async ({ rt, path }) => {
  const [known, account, log] = await Promise.all([
    rt.riderCash.known(path.agentId),
    rt.riderCash.account(path.agentId),
    rt.riderCash.entries(path.agentId, RIDER_CASH_ENTRIES),
  ]);
  if (!known) throw new RiderNotFoundError(path.agentId);
  return ok(toRiderCash(account, rt.config.RIDER_CASH_LIMIT_MINOR, log));
});
