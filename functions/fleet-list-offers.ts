import { jsonResult } from './http/errors.ts';
import { fleetHandler } from './http/handler.ts';
import { openOffers } from './fleet.ts';
import { OfferListQuery, toFleetOffer } from './schemas/fleet.schema.ts';

/** GET /fleet/v1/offers: live jobs waiting for a rider, longest waiting first. */
export const handler = fleetHandler('GET /fleet/v1/offers', { query: OfferListQuery }, async ({ query, rt }) => {
  const offers = await openOffers(rt, query.limit);
  return jsonResult(200, { data: offers.map((job) => toFleetOffer(job)), limit: query.limit });
});
