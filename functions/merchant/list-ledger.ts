import { merchantHandler } from '../http/handler.ts';
import { jsonResult } from '../http/responses.ts';
import { encodeStatementCursor, LedgerQuery, statementCsv } from '../schemas/ledger.schema.ts';
import { statementPage } from '../use-cases/statement.ts';

/** GET /v1/ledger: the store's statement, newest first, as JSON or (Accept: text/csv) CSV. */
export const handler = merchantHandler('GET /v1/ledger', { query: LedgerQuery }, async ({ merchant, query, rt, event }) => {
  const page = await statementPage(rt, merchant.store, { limit: query.limit, after: query.after, jobId: query.jobId });
  const nextCursor = page.next === null ? null : encodeStatementCursor(page.next);
  if (/\btext\/csv\b/i.test(event.headers?.accept ?? '')) {
    const next = nextCursor === null ? {} : nextLinks(nextCursor, query.limit, query.jobId);
    return { statusCode: 200, headers: { 'Content-Type': 'text/csv; charset=utf-8', ...next }, body: statementCsv(page.entries) };
  }
  return jsonResult(200, { data: page.entries, nextCursor, hasMore: page.hasMore });
});

// Where a CSV reader goes on from: the cursor, and the next page's address (RFC 8288).
function nextLinks(cursor: string, limit: number, jobId: string | undefined): Record<string, string> {
  const params = new URLSearchParams({ limit: String(limit), after: cursor, ...(jobId !== undefined && { jobId }) });
  return { 'X-Next-Cursor': cursor, Link: `</v1/ledger?${params}>; rel="next"` };
}
