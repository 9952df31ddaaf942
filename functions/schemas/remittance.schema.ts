import * as z from '../zod.ts';
import { REMITTANCE_ID_PATTERN, REMITTANCE_STATUSES, type RemittanceLine } from '../core/remittance.ts';
import { MinorAmount, opaqueCursor, QueryInt } from './common.schema.ts';
import { csvTable, rupees } from './csv.ts';
import { EXAMPLE_JOB_ID, variant } from './examples.ts';
import type { OperationDocs } from './operation.ts';

const REMITTANCE_ID = /rem_[0-9A-Za-z]{24}/;

/** A remittances cursor: the id of the last remittance a page gave (base64url of `remittances:<id>`). */
const listCursor = opaqueCursor('remittances', REMITTANCE_ID, 64, 'The `nextCursor` of an earlier page: the remittances before it (older).');
export const encodeRemittanceCursor = (remittanceId: string): string => listCursor.encode(remittanceId);

/** Query of GET /v1/remittances; unknown parameters are rejected. */
export const RemittanceListQuery = z.strictObject({
  limit: QueryInt(1, 100, 50),
  after: z.optional(listCursor.schema),
});

/** Path of GET /v1/remittances/{id}. */
export const RemittancePath = z.object({
  id: z.string().check(z.regex(REMITTANCE_ID_PATTERN, 'Must be a remittance id (rem_ and 24 letters or digits)')),
});

const DateTime = z.iso.datetime();

/** A remittance, as the list shows it and `remittance.created` carries it. */
export const RemittanceView = z.strictObject({
  id: z.string().check(z.regex(REMITTANCE_ID_PATTERN)),
  status: z
    .enum(REMITTANCE_STATUSES)
    .check(z.meta({ description: '`pending` for a moment while its payments are gathered, then `credited`: its amount is in your balance.' })),
  amountMinor: MinorAmount.check(z.meta({ description: 'The whole amount the riders collected for its jobs, credited to your balance.' })),
  jobCount: z.int().check(z.minimum(1)),
  periodStart: DateTime.check(z.meta({ description: 'The start of the cycle: the cut-off before it (a sandbox store: its first payment).' })),
  periodEnd: DateTime.check(
    z.meta({ description: 'The daily cut-off (IST) that closed the cycle: payments collected before it (a sandbox store: the moment it was remitted).' }),
  ),
  createdAt: DateTime,
  creditedAt: z.nullable(DateTime),
  ledgerEntryId: z
    .nullable(z.string().check(z.regex(/^le_[0-9a-f]{32}$/)))
    .check(z.meta({ description: 'The `cod_remittance` entry of your statement (GET /v1/ledger) that credited it; null while pending.' })),
});
export type RemittanceView = z.infer<typeof RemittanceView>;

/** One payment a remittance carries. */
export const RemittanceLineView = z.strictObject({ jobId: z.uuid(), amountMinor: MinorAmount, collectedAt: DateTime });

/** A remittance with its payments (GET /v1/remittances/{id}). */
export const RemittanceDetail = z.extend(RemittanceView, { lines: z.array(RemittanceLineView) });

export const RemittanceListResponse = z.strictObject({ data: z.array(RemittanceView), nextCursor: z.nullable(z.string()), hasMore: z.boolean() });

const LIST_COLUMNS = [
  'id',
  'status',
  'amountMinor',
  'amountRupees',
  'jobCount',
  'periodStart',
  'periodEnd',
  'createdAt',
  'creditedAt',
  'ledgerEntryId',
] as const;
const LINE_COLUMNS = ['remittanceId', 'jobId', 'amountMinor', 'amountRupees', 'collectedAt'] as const;

/** A page of remittances as CSV: a header row, one row per remittance (amounts in paise and in rupees). */
export function remittancesCsv(remittances: readonly RemittanceView[]): string {
  return csvTable(
    LIST_COLUMNS,
    remittances.map((r) => [
      r.id,
      r.status,
      r.amountMinor,
      rupees(r.amountMinor),
      r.jobCount,
      r.periodStart,
      r.periodEnd,
      r.createdAt,
      r.creditedAt,
      r.ledgerEntryId,
    ]),
  );
}

/** A remittance's payments as CSV: a header row, one row per payment. */
export function remittanceLinesCsv(remittanceId: string, lines: readonly RemittanceLine[]): string {
  return csvTable(
    LINE_COLUMNS,
    lines.map((line) => [remittanceId, line.jobId, line.amountMinor, rupees(line.amountMinor), line.collectedAt]),
  );
}

// The routes' API description (read by scripts/openapi-document.ts); bundles drop it.

const remittanceExample = {
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
        example: { data: /* @__PURE__ */ variant(remittanceExample, { lines: [lineExample] }) },
        csvExample:
          'remittanceId,jobId,amountMinor,amountRupees,collectedAt\r\nrem_0FJ3aB9x2mQ7LkP0aXc7VbN2,0e5bd4a2-4e42-8b7c-93a7-52d8c1f0e9a1,85000,850.00,2026-11-22T10:40:00.000Z\r\n',
      },
    ],
    errors: [400, 401, 403, 404, 429, 500, 503],
  },
} satisfies OperationDocs;
