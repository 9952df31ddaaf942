import * as z from '../zod.ts';
import { AGENT_ID_PATTERN } from '../core/fleet-access.ts';
import type { Deposit, RiderCashAccount, RiderCashEntry } from '../data/rider-cash.repository.ts';
import { PaiseInput } from './common.schema.ts';

/**
 * The fleet operations' view of riders' cash (cash on delivery): a rider's account and its log, and
 * the deposits operations record. Apart from fleet.schema.ts so the other fleet functions do not carry it.
 */

const DateTime = z.iso.datetime();

/** Path of the rider cash routes: the rider's agent id. */
export const RiderPath = z.strictObject({
  agentId: z.string().check(z.regex(AGENT_ID_PATTERN, 'Must be an agent id: 3–64 letters, digits, "_" or "-"')),
});

/** The Idempotency-Key header of a deposit: required, 1–128 of letters, digits, `.`, `_`, `:`, `-`. */
export const DepositHeaders = z.object({
  'Idempotency-Key': z
    .string({ error: (issue) => (issue.input === undefined ? 'Required: send a unique Idempotency-Key header with each deposit' : undefined) })
    .check(z.minLength(1), z.maxLength(128), z.regex(/^[A-Za-z0-9._:-]+$/, 'Only letters, digits, ".", "_", ":" and "-" are allowed')),
});

/** Body of POST /fleet/v1/riders/{agentId}/deposits: the cash the rider handed over, and optionally the receipt's reference. */
export const DepositRequest = z.strictObject({
  amountMinor: PaiseInput(1, 100_000_000),
  reference: z.optional(
    z
      .string()
      .check(
        z.regex(/^[A-Za-z0-9][A-Za-z0-9 ._/:-]{0,79}$/, 'Must be 1–80 letters, digits, spaces, ".", "_", "/", ":" or "-"'),
        z.meta({ examples: ['CASH-BLR-0042'] }),
      ),
  ),
});
export type DepositRequest = z.infer<typeof DepositRequest>;

/** How many of a rider's latest cash movements GET …/cash shows. */
export const RIDER_CASH_ENTRIES = 50;

const RiderCashEntryView = z.strictObject({
  kind: z.enum(['collection', 'deposit', 'upi_unverified']),
  amountMinor: z.int().check(z.minimum(1)),
  createdAt: DateTime,
  storeId: z.nullable(z.string()),
  jobId: z.nullable(z.string()),
  depositId: z.nullable(z.string()),
  reference: z.nullable(z.string()),
});

const cashFigures = {
  agentId: z.string(),
  inHandMinor: z.int().check(z.minimum(0)),
  collectedCashMinor: z.int().check(z.minimum(0)),
  depositedMinor: z.int().check(z.minimum(0)),
  dueMinor: z.int().check(z.minimum(0)),
  limitMinor: z.int().check(z.minimum(0)),
};

/** A rider's cash account for operations: in hand, collected, deposited, due, the limit, and the latest movements. */
export const RiderCash = z.strictObject({ ...cashFigures, entries: z.array(RiderCashEntryView), hasMoreEntries: z.boolean() });
export type RiderCash = z.infer<typeof RiderCash>;

/** A recorded deposit and the rider's account after it. */
export const DepositResult = z.strictObject({
  deposit: z.strictObject({
    id: z.uuid(),
    agentId: z.string(),
    amountMinor: z.int().check(z.minimum(1)),
    reference: z.nullable(z.string()),
    createdAt: DateTime,
  }),
  account: z.strictObject(cashFigures),
});
export type DepositResult = z.infer<typeof DepositResult>;

/** The account's figures as operations see them, with the cash limit. */
export const toCashFigures = (account: RiderCashAccount, limitMinor: number) => ({
  agentId: account.agentId,
  inHandMinor: account.inHandMinor,
  collectedCashMinor: account.collectedCashMinor,
  depositedMinor: account.depositedMinor,
  dueMinor: account.dueMinor,
  limitMinor,
});

/** A rider's cash account with its latest movements, newest first. */
export function toRiderCash(account: RiderCashAccount, limitMinor: number, log: { entries: RiderCashEntry[]; more: boolean }): RiderCash {
  return { ...toCashFigures(account, limitMinor), entries: log.entries, hasMoreEntries: log.more };
}

/** A deposit as the API shows it (who recorded it stays in the log). */
export function toDepositResult(deposit: Deposit, account: RiderCashAccount, limitMinor: number): DepositResult {
  const { id, agentId, amountMinor, reference, createdAt } = deposit;
  return { deposit: { id, agentId, amountMinor, reference, createdAt }, account: toCashFigures(account, limitMinor) };
}
