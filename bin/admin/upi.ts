/** The UPI commands: verify riders' UPI payments against the platform's receiving account (its statement, or one reference by hand). */
import { readFileSync } from 'node:fs';
import { parseStatement, STATEMENT_HEADER, verifyUpiReference, type UpiVerification } from '../../functions/use-cases/upi-verification.ts';
import { command, money, required, UsageError } from './command.ts';

const GROUP = 'UPI payments';

// One outcome as the operator reads it.
function describe(result: UpiVerification, statementLine?: number): string {
  const at = statementLine === undefined ? '' : `line ${statementLine}: `;
  const where = 'jobId' in result ? ` (job ${result.jobId} of ${result.storeId}, ${money(result.amountMinor)})` : '';
  switch (result.outcome) {
    case 'verified':
      return `${at}${result.reference} verified${where}`;
    case 'already_verified':
      return `${at}${result.reference} already verified at ${result.verifiedAt} by ${result.verifiedBy === 'rider_debt' ? 'charging its rider (refund the rider if the money did arrive)' : result.verifiedBy}${where}`;
    case 'amount_mismatch':
      return `${at}${result.reference} NOT verified: the statement says ${money(result.statementMinor)}, the rider recorded ${money(result.amountMinor)}${where}`;
    case 'unknown_reference':
      return `${at}${result.reference} unknown: no payment was recorded under this reference`;
  }
}

const upiImport = command({
  name: 'upi import',
  group: GROUP,
  flags: { file: { type: 'string' } },
  usage: [
    [
      'upi import --file PATH',
      `verify UPI payments from the receiving account's statement: CSV "${STATEMENT_HEADER}",`,
      'amount in rupees (850.00), time ISO 8601; reports mismatched amounts and unknown references; idempotent',
    ],
  ],
  async run(options, { rt }) {
    const file = required(options, 'file');
    let statement;
    try {
      statement = parseStatement(readFileSync(file, 'utf8'));
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
    const now = new Date();
    const results: Array<UpiVerification & { line: number }> = [];
    for (const line of statement.lines) {
      results.push({ line: line.line, ...(await verifyUpiReference(rt, line.reference, { how: 'statement', statementMinor: line.amountMinor }, now)) });
    }
    const count = (outcome: UpiVerification['outcome']) => results.filter((result) => result.outcome === outcome).length;
    const summary = {
      lines: statement.lines.length + statement.unreadable.length,
      verified: count('verified'),
      alreadyVerified: count('already_verified'),
      amountMismatches: count('amount_mismatch'),
      unknownReferences: count('unknown_reference'),
      unreadable: statement.unreadable.length,
    };
    const head =
      summary.verified === 0
        ? `Verified nothing new: ${summary.lines} lines, ${summary.alreadyVerified} already verified.`
        : `Verified ${summary.verified} of ${summary.lines} lines (${summary.alreadyVerified} already verified).`;
    const problems = [
      // Every line that needs a person: another amount, an unknown reference, and money that came after its rider was charged with it.
      ...results
        .filter(
          (result) =>
            result.outcome === 'amount_mismatch' ||
            result.outcome === 'unknown_reference' ||
            (result.outcome === 'already_verified' && result.verifiedBy === 'rider_debt'),
        )
        .map((result) => describe(result, result.line)),
      ...statement.unreadable.map((line) => `line ${line.line}: unreadable, ${line.why}: ${line.text}`),
    ];
    const verified = results.filter((result) => result.outcome === 'verified').map((result) => describe(result, result.line));
    const text = [
      head,
      `Amount mismatches ${summary.amountMismatches}, unknown references ${summary.unknownReferences}, unreadable lines ${summary.unreadable}.`,
      ...verified,
      ...problems,
    ];
    return { json: { ...summary, results, unreadableLines: statement.unreadable }, text: text.join('\n') };
  },
});

const upiVerify = command({
  name: 'upi verify',
  group: GROUP,
  flags: { reference: { type: 'string' } },
  usage: [['upi verify --reference R', 'verify one UPI payment by hand (its money seen on the receiving account)']],
  async run(options, { rt }) {
    const result = await verifyUpiReference(rt, required(options, 'reference'), { how: 'operator' }, new Date());
    return { json: result, text: describe(result) };
  },
});

/** The UPI commands, in the order the usage lists them. */
export const UPI_COMMANDS = [upiImport, upiVerify];
