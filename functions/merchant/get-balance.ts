import { merchantHandler } from '../http/handler.ts';
import { ok } from '../http/responses.ts';
import type { BalanceResponse } from '../schemas/balance.schema.ts';

/** GET /v1/balance: the store's credit, read once by auth and shown as it is. */
export const handler = merchantHandler('GET /v1/balance', {}, async ({ merchant: { store } }) =>
  ok({
    apiEnabled: store.apiEnabled,
    balanceMinor: store.balanceMinor,
    reservedMinor: store.reservedMinor,
    availableMinor: store.availableMinor,
    currency: 'INR',
  } satisfies BalanceResponse),
);
