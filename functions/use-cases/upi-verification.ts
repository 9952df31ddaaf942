import { verifiedAtOf, type Job } from '../core/job.ts';
import { canonicalUpiReference, type UpiVerifier } from '../core/upi.ts';
import { verificationWrites } from '../data/upi-verification-writes.ts';
import type { Runtime } from '../runtime.ts';

/**
 * Verifying UPI payments against the platform's receiving account: a payment a rider recorded is
 * verified (`verify_payment`) when the account's statement shows its reference with the amount
 * recorded, or when operations confirm it by hand. Remittances carry only verified payments.
 */

/** What became of one reference: verified now, verified before (how), refused for another amount, or not a payment the platform recorded. */
export type UpiVerification =
  | { outcome: 'verified'; reference: string; storeId: string; jobId: string; amountMinor: number; verifiedAt: string }
  | { outcome: 'already_verified'; reference: string; storeId: string; jobId: string; amountMinor: number; verifiedAt: string; verifiedBy: string }
  | { outcome: 'amount_mismatch'; reference: string; storeId: string; jobId: string; amountMinor: number; statementMinor: number }
  | { outcome: 'unknown_reference'; reference: string };

/**
 * Verifies the UPI payment recorded under `reference` (any spelling the riders' API accepts), by the
 * statement (`statementMinor`: the amount the account received, which must be the amount recorded) or
 * by an operator (no amount). Verifying twice verifies nothing new: `already_verified`.
 */
export async function verifyUpiReference(
  rt: Pick<Runtime, 'upiPayments' | 'jobs'>,
  reference: string,
  by: { how: 'statement'; statementMinor: number } | { how: 'operator' },
  now: Date,
): Promise<UpiVerification> {
  const digits = canonicalUpiReference(reference) ?? reference;
  const payment = await rt.upiPayments.get(digits);
  if (!payment) return { outcome: 'unknown_reference', reference: digits };
  const { storeId, jobId, amountMinor } = payment;
  const found = { reference: payment.reference, storeId, jobId, amountMinor };
  if (payment.verifiedAt !== null)
    return { outcome: 'already_verified', ...found, verifiedAt: payment.verifiedAt, verifiedBy: payment.verifiedBy ?? 'collection' };
  if (by.how === 'statement' && by.statementMinor !== amountMinor) return { outcome: 'amount_mismatch', ...found, statementMinor: by.statementMinor };
  const verified = await verifyJobPayment(rt, storeId, jobId, by.how, now);
  if (!verified) return { outcome: 'unknown_reference', reference: digits };
  const verifiedAt = verifiedAtOf(verified.job.collection!)!;
  if (verified.now) return { outcome: 'verified', ...found, verifiedAt };
  // Verified meanwhile (the worker charging the rider): say how, as a repeat would.
  return { outcome: 'already_verified', ...found, verifiedAt, verifiedBy: (await rt.upiPayments.get(digits))?.verifiedBy ?? 'collection' };
}

// How often a verification meets another change of its job before it gives up (the next import or pass tries again).
const VERIFY_TRIES = 3;

/**
 * Verifies the UPI payment of one job (`how`), reading the job again when it changed meanwhile: the
 * job as it is after and whether this call verified it (`now`; else it was before), null when the job
 * is gone. Two DynamoDB calls: the job's read and the verification's transaction.
 */
export async function verifyJobPayment(
  rt: Pick<Runtime, 'upiPayments' | 'jobs'>,
  storeId: string,
  jobId: string,
  how: UpiVerifier,
  now: Date,
): Promise<{ job: Job; now: boolean } | null> {
  for (let attempt = 1; ; attempt++) {
    const job = await rt.jobs.get(storeId, jobId);
    if (!job) return null;
    const verified = await rt.upiPayments.verify(job, how, now, verificationWrites);
    if (verified === null) return { job, now: false }; // nothing to verify: verified already
    if (verified !== 'changed') return { job: verified, now: true };
    if (attempt >= VERIFY_TRIES) throw new Error(`Job ${jobId} kept changing while its UPI payment was verified`);
  }
}

/** One line of the receiving account's statement. */
export interface StatementLine {
  /** The line's number in the file (the header is line 1). */
  line: number;
  reference: string;
  amountMinor: number;
  time: string;
}

/** The statement file's header: exactly these columns, in this order. */
export const STATEMENT_HEADER = 'reference,amount,time';

/**
 * The lines of a statement CSV (header `reference,amount,time`; amount in rupees as the bank prints
 * it, `850`, `850.5` or `850.00`; time ISO 8601), and the lines it could not read, with why.
 */
export function parseStatement(text: string): { lines: StatementLine[]; unreadable: Array<{ line: number; text: string; why: string }> } {
  const rows = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = rows[0]?.trim().toLowerCase();
  if (header !== STATEMENT_HEADER) throw new Error(`The statement's first line must be "${STATEMENT_HEADER}" (got "${rows[0] ?? ''}")`);
  const lines: StatementLine[] = [];
  const unreadable: Array<{ line: number; text: string; why: string }> = [];
  rows.slice(1).forEach((row, index) => {
    const line = index + 2;
    if (row.trim() === '') return;
    const [reference = '', amount = '', time = '', ...extra] = row.split(',').map((cell) => cell.trim().replace(/^"(.*)"$/, '$1'));
    const amountMinor = rupeesToPaise(amount);
    const why =
      extra.length > 0
        ? 'more than 3 columns'
        : canonicalUpiReference(reference) === null
          ? 'the reference is not a 12-digit UPI transaction number'
          : amountMinor === null
            ? 'the amount is not rupees (e.g. 850 or 850.50)'
            : Number.isNaN(Date.parse(time))
              ? 'the time is not an ISO 8601 time'
              : null;
    if (why) unreadable.push({ line, text: row, why });
    else lines.push({ line, reference: canonicalUpiReference(reference)!, amountMinor: amountMinor!, time });
  });
  return { lines, unreadable };
}

// Exact: rupees and up to two decimals to paise, by the digits (never through a float).
function rupeesToPaise(text: string): number | null {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const paise = (match[2] ?? '').padEnd(2, '0');
  const value = Number(match[1]) * 100 + Number(paise);
  return value > 0 ? value : null;
}
