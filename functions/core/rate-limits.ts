/** The groups a merchant route's requests are counted in (each route names one; functions/http/routes.ts). */
export type RateGroup = 'quotes' | 'bookings' | 'cancellations' | 'updates' | 'reads' | 'webhooks' | 'checks' | 'console';

/** Requests per store per minute, per group (shared by all of a store's keys), unless the store agreed its own. */
export const RATE_LIMITS: Record<RateGroup, { capacity: number; periodMs: number }> = {
  quotes: { capacity: 10, periodMs: 60_000 },
  bookings: { capacity: 10, periodMs: 60_000 },
  cancellations: { capacity: 10, periodMs: 60_000 },
  updates: { capacity: 30, periodMs: 60_000 },
  reads: { capacity: 60, periodMs: 60_000 },
  webhooks: { capacity: 30, periodMs: 60_000 },
  // Serviceability checks (POST /v1/serviceability) create nothing and answer up to 100 items each: a budget of their own, so a product page's checks never spend the quotes'.
  checks: { capacity: 60, periodMs: 60_000 },
  // GET requests made with a console access token, whatever the route: staff browsing never spends the shop's backend's reads.
  console: { capacity: 120, periodMs: 60_000 },
};

/** A fleet key's requests a minute (a rider's app posts its location every few seconds). */
export const FLEET_RATE_LIMIT = { capacity: 120, periodMs: 60_000 };

/** A store's requests a minute in a group: its agreed limit, or the standard one. */
export function capacityOf(overrides: Record<string, number>, group: RateGroup): number {
  return overrides[group] ?? RATE_LIMITS[group].capacity;
}
