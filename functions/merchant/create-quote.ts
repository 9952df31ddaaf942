import { merchantHandler, type MerchantInput } from '../http/handler.ts';
import { quotesPart, zonesPart, type BaseRuntime, type Runtime } from '../runtime.ts';
import { created } from '../http/responses.ts';
import { QuoteRequest, type QuoteResponse } from '../schemas/quote.schema.ts';
import { priceQuote } from '../core/quote.ts';

/** Prices the route in the zone serving both stops (with the fee for collecting `collectMinor`, if asked) and keeps the quote for five minutes. */
export async function createQuote({
  merchant,
  body,
  rt,
}: MerchantInput<QuoteRequest, undefined, undefined, undefined, BaseRuntime & Pick<Runtime, 'quotes' | 'zones'>>) {
  const { collectMinor, ...route } = body;
  const quote = priceQuote(merchant.storeId, route, await rt.zones.current(), new Date(), collectMinor);
  await rt.quotes.put(quote, merchant);
  return created({
    id: quote.id,
    distanceMeters: quote.distanceMeters,
    chargeMinor: quote.chargeMinor,
    expiresAt: quote.expiresAt,
    currency: 'INR',
    provider: 'service_fleet',
  } satisfies QuoteResponse);
}

/** POST /v1/job-quotes */
export const handler = merchantHandler('POST /v1/job-quotes', { body: QuoteRequest, uses: { quotes: quotesPart, zones: zonesPart } }, createQuote);
