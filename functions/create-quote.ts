import { merchantHandler } from './http/handler.ts';
import { created } from './http/errors.ts';
import { QuoteRequest, type QuoteResponse } from './schemas/quote.schema.ts';
import { priceQuote } from './core/quote.ts';

/** POST /v1/job-quotes: prices the route in the zone serving both stops and keeps the quote five minutes. */
export const handler = merchantHandler('POST /v1/job-quotes', { body: QuoteRequest }, async ({ merchant, body, rt }) => {
  const quote = priceQuote(merchant.storeId, body, await rt.zones.current(), new Date());
  await rt.quotes.put(quote);
  return created({
    id: quote.id,
    distanceMeters: quote.distanceMeters,
    chargeMinor: quote.chargeMinor,
    expiresAt: quote.expiresAt,
    currency: 'INR',
    provider: 'service_fleet',
  } satisfies QuoteResponse);
});
