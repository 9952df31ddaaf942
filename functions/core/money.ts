/** The largest amount in paise the API can carry exactly (the spec's upper bound, 2^53 - 1). */
export const MAX_MINOR = Number.MAX_SAFE_INTEGER;

/** Rounds paise up to the next whole rupee: charges are quoted in whole rupees. */
export function ceilToRupee(minor: number): number {
  return Math.ceil(minor / 100) * 100;
}

/** Paise to rupees for the legacy `packageValue` field (exact for every integer paise amount). */
export function minorToRupees(minor: number): number {
  return minor / 100;
}
