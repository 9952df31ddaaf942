import { jsonResult } from '../http/responses.ts';
import { fleetHandler } from '../http/handler.ts';
import { openOffers } from '../use-cases/fleet-move.ts';
import { toFleetOffer } from '../schemas/fleet.schema.ts';
import { OfferListQuery } from '../schemas/fleet-requests/offers.ts';
import { fleetJobsPart, riderCashPart, zonesPart } from '../runtime.ts';

/** GET /fleet/v1/offers: live jobs waiting for a rider, longest waiting first, or nearest first given the rider's position (none past the rider's cash limit). */
export const handler = fleetHandler(
  'GET /fleet/v1/offers',
  { query: OfferListQuery, uses: { zones: zonesPart, riderCash: riderCashPart, fleetJobs: fleetJobsPart } },
  async ({ query, rt, caller }) => {
    const near = query.latitude !== undefined && query.longitude !== undefined ? { latitude: query.latitude, longitude: query.longitude } : undefined;
    const offers = await openOffers(rt, caller, { limit: query.limit, near, withinMeters: query.withinMeters });
    return jsonResult(200, { data: offers.map((job) => toFleetOffer(job, near)), limit: query.limit });
  },
);
