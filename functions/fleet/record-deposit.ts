import { fleetHandler } from '../http/handler.ts';
import { created, ok } from '../http/responses.ts';
import { riderCashPart } from '../runtime.ts';
import { DepositHeaders, DepositRequest, RiderPath, toDepositResult } from '../schemas/rider-cash.schema.ts';

/** POST /fleet/v1/riders/{agentId}/deposits (operations): cash the rider handed over leaves their hands, once per Idempotency-Key (201 new, 200 the same deposit again). */
export const handler = fleetHandler(
  'POST /fleet/v1/riders/{agentId}/deposits',
  { path: RiderPath, headers: DepositHeaders, body: DepositRequest, uses: { riderCash: riderCashPart } },
  async ({ rt, caller, path, headers, body }) => {
    const { deposit, created: isNew } = await rt.riderCash.deposit({
      agentId: path.agentId,
      amountMinor: body.amountMinor,
      reference: body.reference ?? null,
      idempotencyKey: headers['Idempotency-Key'],
      operator: { keyId: caller.keyId, keyHash: caller.keyHash },
      now: new Date(),
    });
    const result = toDepositResult(deposit, await rt.riderCash.account(path.agentId), rt.config.RIDER_CASH_LIMIT_MINOR);
    return isNew ? created(result) : ok(result);
  },
);
