import { EXAMPLE_AT, EXAMPLE_JOB_ID } from './examples.ts';
import type { OperationDocs } from './operation.ts';
import { LedgerQuery, StatementResponse } from '../ledger.schema.ts';

// The API description of ledger.schema.ts's routes: read by scripts/openapi-document.ts only, never by a Lambda handler.

const entryExample = {
  id: 'le_6f1c1d0e7a4b4c7e9d552a51c8a3f0b2',
  type: 'reserve',
  amountMinor: 6900,
  balanceMinor: 500000,
  reservedMinor: 6900,
  jobId: EXAMPLE_JOB_ID,
  note: null,
  createdAt: EXAMPLE_AT,
};

export const ledgerOperations = {
  'GET /v1/ledger': {
    operationId: 'listLedgerEntries',
    summary: 'The store’s statement',
    description:
      'Every movement of the store’s prepaid credit, newest first: top-ups, reservations for booked jobs, their release (cancelled or failed) or capture (delivered), cash-on-delivery remittances (`cod_remittance`: the payments a remittance carries, credited to the balance; GET /v1/remittances), with the store’s balance and reserved credit right after each. The newest entry’s figures are those of GET /v1/balance. `jobId` shows one job’s entries (a page may then hold fewer than `limit` while `hasMore` is true). With `Accept: text/csv` the same page comes as CSV (a header row; amounts in paise and in rupees), its next cursor in `Link` and `X-Next-Cursor`. Counts against the read limit.',
    tag: 'Credit',
    query: LedgerQuery,
    success: [
      {
        status: 200,
        description: 'A page of the statement',
        name: 'StatementResponse',
        schema: StatementResponse,
        example: { data: [entryExample], nextCursor: null, hasMore: false },
        csvExample:
          'id,type,amountMinor,amountRupees,balanceMinor,balanceRupees,reservedMinor,reservedRupees,jobId,note,createdAt\r\nle_6f1c1d0e7a4b4c7e9d552a51c8a3f0b2,reserve,6900,69.00,500000,5000.00,6900,69.00,0e5bd4a2-4e42-8b7c-93a7-52d8c1f0e9a1,,2026-11-22T10:00:00.000Z\r\n',
      },
    ],
    errors: [400, 401, 403, 429, 500, 503],
  },
} satisfies OperationDocs;
