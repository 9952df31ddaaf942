import * as z from '../zod.ts';
import { REMITTANCE_ID_PATTERN, REMITTANCE_STATUSES, type RemittanceLine } from '../core/remittance.ts';
import { MinorAmount, opaqueCursor, QueryInt } from './common.schema.ts';
import { csvTable, rupees } from './csv.ts';

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
