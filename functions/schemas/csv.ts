import { minorToRupees } from '../core/money.ts';

// One CSV field: quoted when it holds a comma, quote or line break; a text that a spreadsheet would
// run as a formula (=, +, -, @, tab, CR at its start) is prefixed with ' so it stays text.
function csvField(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** An amount in paise as rupees with two decimals (the CSVs' `…Rupees` columns). */
export const rupees = (minor: number): string => minorToRupees(minor).toFixed(2);

/** A CSV document: the header row, then one row per item, CRLF line ends (RFC 4180). */
export function csvTable(columns: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number | null>>): string {
  return `${[columns.join(','), ...rows.map((row) => row.map(csvField).join(','))].join('\r\n')}\r\n`;
}
