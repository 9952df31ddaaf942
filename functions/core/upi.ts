/**
 * UPI payments: a UPI transaction is named by its 12-digit transaction number (the RRN, which apps
 * show as the UTR). One transfer has one number, so the platform keys a payment by those 12 digits and
 * nothing else: any other spelling of the same number would be a second payment of one transfer.
 */

/** What a UPI reference must be, as refusals say it. */
export const UPI_REFERENCE_FORMAT =
  'Must be the 12-digit UPI transaction number (UTR/RRN), e.g. 433512345678; a single space or hyphen between digits is allowed';

// Twelve ASCII digits, with at most one space or hyphen between two digits: nothing before, after or around them.
const UPI_REFERENCE = /^[0-9](?:[ -]?[0-9]){11}$/;

/** The 12 digits a rider's spelling of a UPI reference names, or null when it is not one (any other character, 11 or 13 digits). */
export function canonicalUpiReference(input: string): string | null {
  return UPI_REFERENCE.test(input) ? input.replace(/[ -]/g, '') : null;
}
