import { randomUUID } from 'node:crypto';

/** The route every benchmark books: MG Road to Indiranagar, Bengaluru. */
export const BENCH_ROUTE = {
  pickupAddress: 'MG Road',
  pickupLatitude: 12.9756,
  pickupLongitude: 77.6066,
  dropAddress: 'Indiranagar',
  dropLatitude: 12.9784,
  dropLongitude: 77.6408,
};

/** A booking of a benchmark's quote. */
export const benchBooking = (quoteId: string, externalOrderId = 'BENCH') => ({
  quoteId,
  externalOrderId,
  pickupName: 'Store',
  pickupPhone: '9876543210',
  dropName: 'Customer',
  dropPhone: '9845012345',
});

/** What a benchmark's merchant calls get back: the status and the `{data}` body. */
export type Reply = { status: number; body: { data: Record<string, unknown> } };

/**
 * Calls for the benchmark scripts against a running local server at `url`: any call (with the headers
 * given), the store's merchant headers, and a booking (a quote across Bengaluru, then the job) that
 * returns the job id.
 */
export function benchMerchant(url: string, apiKey: string) {
  const headers = { 'X-Api-Key': apiKey, 'Content-Type': 'application/json' };
  const call = async (path: string, init: RequestInit = {}): Promise<Reply> => {
    const response = await fetch(`${url}${path}`, init);
    return { status: response.status, body: (await response.json()) as Reply['body'] };
  };
  const book = async (externalOrderId = 'BENCH'): Promise<string> => {
    const quote = await call('/v1/job-quotes', {
      method: 'POST',
      headers,
      body: JSON.stringify(BENCH_ROUTE),
    });
    const job = await call('/v1/jobs', {
      method: 'POST',
      headers: { ...headers, 'Idempotency-Key': randomUUID() },
      body: JSON.stringify(benchBooking(quote.body.data.id as string, externalOrderId)),
    });
    return job.body.data.id as string;
  };
  return { headers, call, book };
}
