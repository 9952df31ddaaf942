import { merchantHandler } from '../http/handler.ts';
import { zonesPart } from '../runtime.ts';
import { jsonResult } from '../http/responses.ts';
import { toRateCard } from '../schemas/rate-card.schema.ts';

/** GET /v1/rate-card: the current prices and cash-on-delivery terms of every zone the store can book in. */
export const handler = merchantHandler('GET /v1/rate-card', { uses: { zones: zonesPart } }, async ({ rt }) =>
  jsonResult(200, toRateCard(await rt.zones.current())),
);
