import { merchantHandler } from '../http/handler.ts';
import { jsonResult } from '../http/responses.ts';
import { ValidationError } from '../core/errors.ts';
import { CURSOR_ERROR } from '../schemas/common.schema.ts';
import { encodeStatementCursor, LedgerQuery, statementCsv, verifiedStatementCursor } from '../schemas/ledger.schema.ts';
import { statementPage } from '../use-cases/statement.ts';

/**
 * GET /v1/ledger: the store's statement, newest first, as JSON or (Accept: text/csv) CSV. A cursor
 * carries the figures the next page starts from, signed for the store with the server's key: one
 * not signed by us for this store is refused like a malformed one.
 */
export const handler = merchantHandler('GET /v1/ledger', { query: LedgerQuery }, async ({ merchant, query, rt, event }) => {
  const signingKey = rt.cursorKey();
  const after = query.after && verifiedStatementCursor(query.after, merchant.storeId, signingKey);
  if (after === null) throw new ValidationError('Invalid query parameters: check after', { formErrors: [], fieldErrors: { after: [CURSOR_ERROR] } });
  const page = await statementPage(rt, merchant.store, { limit: query.limit, after, jobId: query.jobId });
  const nextCursor = page.next === null ? null : encodeStatementCursor(page.next, merchant.storeId, signingKey);
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
