import { EXAMPLE_JOB_ID, variant } from './examples.ts';
import type { OperationDocs } from './operation.ts';
import { RemittanceDetail, RemittanceListQuery, RemittanceListResponse, RemittancePath } from '../remittance.schema.ts';

// The API description of remittance.schema.ts's routes: read by scripts/openapi-document.ts only, never by a Lambda handler.

export const remittanceExample = {
  id: 'rem_0FJ3aB9x2mQ7LkP0aXc7VbN2',
  status: 'credited',
  amountMinor: 85_000,
  jobCount: 1,
  periodStart: '2026-11-21T12:30:00.000Z',
  periodEnd: '2026-11-22T12:30:00.000Z',
  createdAt: '2026-11-22T12:30:02.000Z',
  creditedAt: '2026-11-22T12:30:02.000Z',
  ledgerEntryId: 'le_9a1c1d0e7a4b4c7e9d552a51c8a3f0b2',
};

const lineExample = { jobId: EXAMPLE_JOB_ID, amountMinor: 85_000, collectedAt: '2026-11-22T10:40:00.000Z' };

export const remittanceOperations = {
  'GET /v1/remittances': {
    operationId: 'listRemittances',
    summary: 'Cash-on-delivery remittances',
    description:
      'The cash riders collected for the store’s cash-on-delivery jobs, credited to its prepaid credit in cycles, newest first. A live store’s cycle closes at a daily cut-off (18:00 IST by default, the same for every store of the deployment): the payments collected before it make one remittance, credited within a minute of the cut-off; a sandbox store’s payments are remitted at once. Each remittance credits the whole collected amount (the collection fee was part of the job’s charge) as one `cod_remittance` entry of the statement (GET /v1/ledger). Bank payouts are not part of this API: the amount becomes prepaid credit. With `Accept: text/csv` the same page comes as CSV (a header row; amounts in paise and in rupees), its next cursor in `Link` and `X-Next-Cursor`. Counts against the read limit.',
    tag: 'Credit',
    query: RemittanceListQuery,
    success: [
      {
        status: 200,
        description: 'A page of remittances',
        name: 'RemittanceListResponse',
        schema: RemittanceListResponse,
        example: { data: [remittanceExample], nextCursor: null, hasMore: false },
        csvExample:
          'id,status,amountMinor,amountRupees,jobCount,periodStart,periodEnd,createdAt,creditedAt,ledgerEntryId\r\nrem_0FJ3aB9x2mQ7LkP0aXc7VbN2,credited,85000,850.00,1,2026-11-21T12:30:00.000Z,2026-11-22T12:30:00.000Z,2026-11-22T12:30:02.000Z,2026-11-22T12:30:02.000Z,le_9a1c1d0e7a4b4c7e9d552a51c8a3f0b2\r\n',
      },
    ],
    errors: [400, 401, 403, 429, 500, 503],
  },
  'GET /v1/remittances/{id}': {
    operationId: 'getRemittance',
    summary: 'A remittance and its payments',
    description:
      'One of the store’s remittances with `lines`, the payments it carries (each job, the amount collected, when). 404 `remittance_not_found` for an id the store has no remittance under. With `Accept: text/csv`, the lines as CSV (a header row, one row per payment). Counts against the read limit.',
    tag: 'Credit',
    path: RemittancePath,
    success: [
      {
        status: 200,
        description: 'The remittance',
        name: 'RemittanceResponse',
        schema: RemittanceDetail,
        envelope: true,
        example: { data: variant(remittanceExample, { lines: [lineExample] }) },
        csvExample:
          'remittanceId,jobId,amountMinor,amountRupees,collectedAt\r\nrem_0FJ3aB9x2mQ7LkP0aXc7VbN2,0e5bd4a2-4e42-8b7c-93a7-52d8c1f0e9a1,85000,850.00,2026-11-22T10:40:00.000Z\r\n',
      },
    ],
    errors: [400, 401, 403, 404, 429, 500, 503],
  },
} satisfies OperationDocs;
