// Optional country prefix (+91, 91 or 0, each optionally followed by spaces or hyphens), then ten digits
// starting 6-9 with optional spaces or hyphens between digits; surrounding whitespace allowed.
export const INDIAN_MOBILE = /^\s*(?:(?:\+91|91|0)[ -]*)?([6-9](?:[ -]*\d){9})\s*$/;

/**
 * Normalises an Indian mobile number in any format the spec allows to `+91XXXXXXXXXX`;
 * returns null for anything else.
 */
export function normalizeIndianMobile(input: string): string | null {
  const match = INDIAN_MOBILE.exec(input);
  if (!match) return null;
  return `+91${match[1]!.replace(/[ -]/g, '')}`;
}
