import { merchantHandler } from '../http/handler.ts';
import { eventsPart } from '../runtime.ts';
import { jsonResult } from '../http/responses.ts';
import { encodeCursor, EventListQuery } from '../schemas/event.schema.ts';

/** GET /v1/events: the store's events after a cursor, oldest first; `{data, nextCursor, hasMore}`. */
export const handler = merchantHandler('GET /v1/events', { query: EventListQuery, uses: { events: eventsPart } }, async ({ merchant, query, rt }) => {
  const page = await rt.events.list(merchant.storeId, { after: query.after ?? 0, limit: query.limit, jobId: query.jobId, type: query.type });
  return jsonResult(200, { data: page.events, nextCursor: encodeCursor(page.position), hasMore: page.hasMore });
});
