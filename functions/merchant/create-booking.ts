import { merchantHandler } from '../http/handler.ts';
import { bookingsPart, jobReaderPart, quotesPart } from '../runtime.ts';
import { idempotencyPart } from '../data/idempotency.ts';
import { jsonResult } from '../http/responses.ts';
import { BookingHeaders, BookingRequest, toJobDetail } from '../schemas/job.schema.ts';
import { bookQuote } from '../use-cases/book-quote.ts';

/** POST /v1/jobs: books a quote exactly once per Idempotency-Key (201 new, 200 the same job again). */
export const handler = merchantHandler(
  'POST /v1/jobs',
  {
    headers: BookingHeaders,
    body: BookingRequest,
    uses: { jobReader: jobReaderPart, quotes: quotesPart, bookings: bookingsPart, idempotency: idempotencyPart },
  },
  async ({ rt, merchant, headers, body, context }) => {
    const { job, created } = await bookQuote(rt, { merchant, idempotencyKey: headers['Idempotency-Key'], details: body, lambda: context });
    return jsonResult(created ? 201 : 200, { data: toJobDetail(job) });
  },
);
