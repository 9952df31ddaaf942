/** Paise as rupees, the Indian way (₹1,23,456.00), whatever the page's language. */
const RUPEES = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });

/** An amount in paise, formatted in rupees. */
export function money(minor: number): string {
  return RUPEES.format(minor / 100);
}

const IST = 'Asia/Kolkata';

/** A time as people in India read it, with its zone named (the UTC value goes in `<time datetime>`). */
export function istDateTime(iso: string, locale = 'en-IN'): string {
  return `${new Intl.DateTimeFormat(locale, { timeZone: IST, day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false }).format(new Date(iso))} IST`;
}

/** A time's IST clock (`14:05 IST`). */
export function istTime(iso: string, locale = 'en-IN'): string {
  return `${new Intl.DateTimeFormat(locale, { timeZone: IST, hour: '2-digit', minute: '2-digit', hour12: false }).format(new Date(iso))} IST`;
}

/** The IST calendar date of an instant, `YYYY-MM-DD`. */
export function istDate(iso: string | Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: IST, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));
}

/** The instant an IST calendar date starts (`2026-11-27` → `2026-11-26T18:30:00.000Z`): date filters are IST days. */
export function istDayStart(date: string): string {
  return new Date(`${date}T00:00:00+05:30`).toISOString();
}

/** The instant the IST day after a date starts: the exclusive end of a date range. */
export function istDayEnd(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00+05:30`) + 86_400_000).toISOString();
}
