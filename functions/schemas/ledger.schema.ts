import { createHmac, timingSafeEqual } from 'node:crypto';
import * as z from '../zod.ts';
import { csvTable, rupees } from './csv.ts';
import type { StatementCursor, StatementEntry } from '../use-cases/statement.ts';
import { CURSOR_ERROR, MinorAmount, QueryInt, refuse } from './common.schema.ts';

// The cursor's signature: HMAC-SHA256 under the server's key, over the store it was made for and its
// parts, so a client can neither make one up nor carry one to another store.
const signature = (signingKey: string, storeId: string, key: string, balance: number, reserved: number) =>
  createHmac('sha256', signingKey).update(`statement|${storeId}|${key}|${balance}|${reserved}`).digest('base64url').slice(0, 22);

/** The opaque cursor of a statement page: base64url of the last entry's key, the figures before it, and their signature. */
export function encodeStatementCursor(cursor: StatementCursor, storeId: string, signingKey: string): string {
  const parts = [cursor.key, cursor.balanceMinor, cursor.reservedMinor, signature(signingKey, storeId, cursor.key, cursor.balanceMinor, cursor.reservedMinor)];
  return Buffer.from(JSON.stringify(parts)).toString('base64url');
}

/** A statement cursor as the query carries it: its parts and the signature they came with, not yet checked. */
export type SignedStatementCursor = StatementCursor & { signature: string };

/** The cursor, if its signature is ours for this store (compared in constant time); null if not. */
export function verifiedStatementCursor(cursor: SignedStatementCursor, storeId: string, signingKey: string): StatementCursor | null {
  const expected = Buffer.from(signature(signingKey, storeId, cursor.key, cursor.balanceMinor, cursor.reservedMinor));
  const given = Buffer.from(cursor.signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { key: cursor.key, balanceMinor: cursor.balanceMinor, reservedMinor: cursor.reservedMinor };
}

// A store's figures are never negative: its balance, and the credit it has reserved.
const figure = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

const Cursor = z
  .pipe(
    z.string().check(z.maxLength(400, CURSOR_ERROR)),
    z.transform((value, ctx): SignedStatementCursor => {
      try {
        const parts = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as unknown;
        if (Array.isArray(parts) && parts.length === 4) {
          const [key, balance, reserved, signed] = parts as [unknown, unknown, unknown, unknown];
          if (
            typeof key === 'string' &&
            /^LEDGER#[0-9T:.Z-]{24}#[0-9a-f-]{36}$/.test(key) &&
            figure(balance) &&
            figure(reserved) &&
            typeof signed === 'string' &&
            /^[A-Za-z0-9_-]{22}$/.test(signed)
          ) {
            return { key, balanceMinor: balance, reservedMinor: reserved, signature: signed };
          }
        }
      } catch {
        // Not base64url JSON: refused below.
      }
      return refuse(ctx, CURSOR_ERROR);
    }),
  )
  .check(z.meta({ description: 'The `nextCursor` of an earlier page: the entries before it (older).' }));

/** Query of GET /v1/ledger; unknown parameters are rejected. */
export const LedgerQuery = z.strictObject({
  limit: QueryInt(1, 100, 50),
  after: z.optional(Cursor),
  jobId: z.optional(
    z.pipe(
      z.uuid({ error: 'Must be a job id (a UUID)' }),
      z.transform((id) => id.toLowerCase()),
    ),
  ),
});

/** One statement line. */
export const StatementEntryView = z.strictObject({
  id: z.string().check(z.regex(/^le_[0-9a-f]{32}$/)),
  type: z.enum(['top_up', 'reserve', 'release', 'capture', 'adjustment', 'cod_remittance']),
  amountMinor: z.int().check(
    z.meta({
      description:
        'What the entry moved, in paise: the top-up, the reservation, its release or its capture, a cash-on-delivery remittance (positive); an adjustment’s signed change.',
    }),
  ),
  balanceMinor: MinorAmount.check(z.meta({ description: 'The store’s balance right after this entry.' })),
  reservedMinor: MinorAmount.check(z.meta({ description: 'The store’s reserved credit right after this entry.' })),
  jobId: z.nullable(z.uuid()),
  note: z.nullable(z.string()),
  createdAt: z.iso.datetime(),
});

export const StatementResponse = z.strictObject({ data: z.array(StatementEntryView), nextCursor: z.nullable(z.string()), hasMore: z.boolean() });

/** The columns of the CSV statement, in order. */
const CSV_COLUMNS = [
  'id',
  'type',
  'amountMinor',
  'amountRupees',
  'balanceMinor',
  'balanceRupees',
  'reservedMinor',
  'reservedRupees',
  'jobId',
  'note',
  'createdAt',
];

/** A statement page as CSV: a header row, then one row per entry (amounts in paise and in rupees), CRLF line ends. */
export function statementCsv(entries: readonly StatementEntry[]): string {
  return csvTable(
    CSV_COLUMNS,
    entries.map((e) => [
      e.id,
      e.type,
      e.amountMinor,
      rupees(e.amountMinor),
      e.balanceMinor,
      rupees(e.balanceMinor),
      e.reservedMinor,
      rupees(e.reservedMinor),
      e.jobId,
      e.note,
      e.createdAt,
    ]),
  );
}
