import { merchantHandler } from '../http/handler.ts';
import { accepts, jsonResult } from '../http/responses.ts';
import { remittanceView } from '../core/remittance.ts';
import { remittancesPart } from '../runtime.ts';
import { encodeRemittanceCursor, RemittanceListQuery, remittancesCsv } from '../schemas/remittance.schema.ts';

/** GET /v1/remittances: the store's cash-on-delivery remittances, newest first, as JSON or (Accept: text/csv) CSV; one Query a page. */
export const handler = merchantHandler(
  'GET /v1/remittances',
  { query: RemittanceListQuery, uses: { remittances: remittancesPart } },
  async ({ merchant, query, rt, event }) => {
    const page = await rt.remittances.page(merchant.storeId, { limit: query.limit, before: query.after });
    const data = page.remittances.map(remittanceView);
    const nextCursor = page.more ? encodeRemittanceCursor(data.at(-1)!.id) : null;
    if (accepts(event.headers?.accept, 'text/csv')) {
      const next: Record<string, string> =
        nextCursor === null
          ? {}
          : { 'X-Next-Cursor': nextCursor, Link: `</v1/remittances?${new URLSearchParams({ limit: String(query.limit), after: nextCursor })}>; rel="next"` };
      return { statusCode: 200, headers: { 'Content-Type': 'text/csv; charset=utf-8', ...next }, body: remittancesCsv(data) };
    }
    return jsonResult(200, { data, nextCursor, hasMore: page.more });
  },
);
