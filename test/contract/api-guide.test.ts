import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { STATUS_BY_CODE } from '../../functions/http/errors.ts';

// docs/api-guide.md against the code: every error code in the errors table, in its status's row; every
// link inside the guide lands on a heading of it.

const guide = readFileSync(new URL('../../docs/api-guide.md', import.meta.url), 'utf8');

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

describe('the guide’s errors table', () => {
  const section = guide.slice(guide.indexOf('\n## Errors\n'), guide.indexOf('\n## ', guide.indexOf('\n## Errors\n') + 1));
  const rows = new Map(
    section
      .split('\n')
      .map((line) => /^\| (\d{3}) \| (.*) \|$/.exec(line))
      .filter((match) => match !== null)
      .map((match) => [Number(match[1]), match[2]!] as const),
  );

  it('names every error code in the row of the status the HTTP edge answers it with', () => {
    expect(rows.size).toBeGreaterThan(8);
    const missing = Object.entries(STATUS_BY_CODE)
      .filter(([code, status]) => !(rows.get(status) ?? '').includes(`\`${code}\``))
      .map(([code, status]) => `${code} (${status})`);
    expect(missing).toEqual([]);
  });

  it('names the cash-on-delivery refusals of a quote, with the limit’s details', () => {
    expect(rows.get(422)).toContain('`collection_not_available`');
    expect(rows.get(422)).toMatch(/`collection_limit_exceeded` \([^)]*maxCollectMinor/);
  });
});

describe('the guide’s own links', () => {
  it('land on a heading of the guide', () => {
    const anchors = new Set([...guide.matchAll(/^#{1,6} (.+)$/gm)].map((match) => slug(match[1]!)));
    const links = [...guide.matchAll(/\]\(#([^)]+)\)/g)].map((match) => match[1]!);
    expect(links.length).toBeGreaterThan(3);
    expect(links.filter((link) => !anchors.has(link))).toEqual([]);
  });

  it('link the sections they send the reader to, never a bare name in italics', () => {
    expect(guide).not.toMatch(/see \*[A-Z][^*]*\*/);
    expect(guide).toContain('[Cash on delivery remittances](#cash-on-delivery-remittances)');
  });
});

describe('the guide on a 503', () => {
  it('says a booking answered 503 may or may not have booked, and that the retry with the same key and body settles it', () => {
    expect(guide).toContain('**A 503 on a booking may or may not have booked.**');
    expect(guide).toMatch(/The retry\s+settles it: the same `Idempotency-Key` and the same body/);
    const row = guide.split('\n').find((line) => line.startsWith('| 503 |'))!;
    expect(row).not.toContain('nothing was written');
    expect(row).toContain('may or may not have happened');
  });
});
