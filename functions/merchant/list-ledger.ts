import { merchantHandler } from '../http/handler.ts';
import { accepts, jsonResult } from '../http/responses.ts';
import { ValidationError } from '../core/errors.ts';
import { CURSOR_ERROR } from '../schemas/common.schema.ts';
import { encodeStatementCursor, LedgerQuery, statementCsv, verifiedStatementCursor } from '../schemas/ledger.schema.ts';
import { statementPage } from '../use-cases/statement.ts';
import { cursorKeysPart } from '../data/secret-keys.ts';
import type { KeyRing } from '../core/secret-box.ts';
import type { SignedStatementCursor } from '../schemas/ledger.schema.ts';

/**
 * GET /v1/ledger: the store's statement, newest first, as JSON or (Accept: text/csv) CSV. A cursor
 * carries the figures the next page starts from, signed for the store with the server's key: one
 * not signed by us for this store is refused like a malformed one. Signed with the key's current
 * version; checked under the current version, then the previous one, so a client paging through a
 * key rotation goes on (a cursor names no version: nothing a client sends makes us look one up).
 */
export const handler = merchantHandler(
  'GET /v1/ledger',
  { query: LedgerQuery, uses: { cursorKeys: cursorKeysPart } },
  async ({ merchant, query, rt, event }) => {
    const signingKey = (await rt.cursorKeys.current()).material;
    const after = query.after && (await verifiedCursor(query.after, merchant.storeId, signingKey, rt.cursorKeys));
    if (after === null) throw new ValidationError('Invalid query parameters: check after', { formErrors: [], fieldErrors: { after: [CURSOR_ERROR] } });
    const page = await statementPage(rt, merchant.store, { limit: query.limit, after, jobId: query.jobId });
    const nextCursor = page.next === null ? null : encodeStatementCursor(page.next, merchant.storeId, signingKey);
    if (accepts(event.headers?.accept, 'text/csv')) {
      const next = nextCursor === null ? {} : nextLinks(nextCursor, query.limit, query.jobId);
      return { statusCode: 200, headers: { 'Content-Type': 'text/csv; charset=utf-8', ...next }, body: statementCsv(page.entries) };
    }
    return jsonResult(200, { data: page.entries, nextCursor, hasMore: page.hasMore });
  },
);

// The cursor if signed under the current key version or (asked for only then) the previous one; null if neither.
async function verifiedCursor(cursor: SignedStatementCursor, storeId: string, current: string, keys: KeyRing) {
  const checked = verifiedStatementCursor(cursor, storeId, current);
  if (checked) return checked;
  const previous = await keys.previous();
  return previous ? verifiedStatementCursor(cursor, storeId, previous.material) : null;
}

// Where a CSV reader goes on from: the cursor, and the next page's address (RFC 8288).
function nextLinks(cursor: string, limit: number, jobId: string | undefined): Record<string, string> {
  const params = new URLSearchParams({ limit: String(limit), after: cursor, ...(jobId !== undefined && { jobId }) });
  return { 'X-Next-Cursor': cursor, Link: `</v1/ledger?${params}>; rel="next"` };
}
