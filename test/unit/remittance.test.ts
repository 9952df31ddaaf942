import { describe, expect, it } from 'vitest';
import { dueCycle, lastCutoff, newRemittanceId, nextCutoff, REMITTANCE_ID_PATTERN } from '../../functions/core/remittance.ts';

const at = (iso: string) => new Date(iso);
const line = (collectedAt: string, jobId = collectedAt) => ({ jobId, amountMinor: 100, collectedAt });

describe('lastCutoff', () => {
  it('is today’s 18:00 IST (12:30 UTC) once it has passed', () => {
    expect(lastCutoff(at('2026-11-25T12:30:00.000Z'), '18:00').toISOString()).toBe('2026-11-25T12:30:00.000Z');
    expect(lastCutoff(at('2026-11-25T17:00:00.000Z'), '18:00').toISOString()).toBe('2026-11-25T12:30:00.000Z');
  });

  it('is yesterday’s cut-off a millisecond before today’s', () => {
    expect(lastCutoff(at('2026-11-25T12:29:59.999Z'), '18:00').toISOString()).toBe('2026-11-24T12:30:00.000Z');
  });

  it('counts the IST day across midnight UTC: 02:00 IST is still the evening before in UTC', () => {
    // 2026-11-25T20:00Z is 01:30 IST on the 26th: the last 18:00 IST was the 25th's.
    expect(lastCutoff(at('2026-11-25T20:00:00.000Z'), '18:00').toISOString()).toBe('2026-11-25T12:30:00.000Z');
    // A cut-off just after midnight IST (00:15 IST = 18:45 UTC the day before).
    expect(lastCutoff(at('2026-11-25T18:44:00.000Z'), '00:15').toISOString()).toBe('2026-11-24T18:45:00.000Z');
    expect(lastCutoff(at('2026-11-25T18:45:00.000Z'), '00:15').toISOString()).toBe('2026-11-25T18:45:00.000Z');
  });

  it('takes a configured cut-off, and the next one is a day later', () => {
    expect(lastCutoff(at('2026-11-25T10:00:00.000Z'), '09:30').toISOString()).toBe('2026-11-25T04:00:00.000Z');
    expect(nextCutoff(at('2026-11-25T10:00:00.000Z'), '09:30').toISOString()).toBe('2026-11-26T04:00:00.000Z');
  });
});

describe('dueCycle', () => {
  const live = { cutoffIst: '18:00', sandbox: false };

  it('takes a live store’s payments collected before the last cut-off, for the day that ended there', () => {
    const lines = [line('2026-11-25T06:00:00.000Z', 'a'), line('2026-11-25T12:29:59.999Z', 'b'), line('2026-11-25T12:30:00.000Z', 'c')];

    expect(dueCycle(lines, at('2026-11-25T13:00:00.000Z'), live)).toEqual({
      periodStart: '2026-11-24T12:30:00.000Z',
      periodEnd: '2026-11-25T12:30:00.000Z',
      lines: [lines[0], lines[1]],
    });
  });

  it('has nothing due for a live store before the cut-off after its payments', () => {
    expect(dueCycle([line('2026-11-25T12:30:00.000Z')], at('2026-11-26T12:29:59.999Z'), live)).toBeNull();
  });

  it('reaches back to the cut-off before the oldest payment left from earlier days', () => {
    const lines = [line('2026-11-22T20:00:00.000Z', 'old'), line('2026-11-25T08:00:00.000Z', 'new')];

    expect(dueCycle(lines, at('2026-11-25T13:00:00.000Z'), live)).toMatchObject({
      periodStart: '2026-11-22T12:30:00.000Z',
      periodEnd: '2026-11-25T12:30:00.000Z',
    });
  });

  it('takes every payment of a sandbox store at once, from the oldest to the tick', () => {
    const lines = [line('2026-11-25T13:00:00.000Z', 'a'), line('2026-11-25T13:00:05.000Z', 'b')];

    expect(dueCycle(lines, at('2026-11-25T13:00:06.000Z'), { cutoffIst: '18:00', sandbox: true })).toEqual({
      periodStart: '2026-11-25T13:00:00.000Z',
      periodEnd: '2026-11-25T13:00:06.000Z',
      lines,
    });
  });

  it('has nothing due without payments', () => {
    expect(dueCycle([], at('2026-11-25T13:00:00.000Z'), { cutoffIst: '18:00', sandbox: true })).toBeNull();
  });
});

describe('newRemittanceId', () => {
  it('is rem_ and 24 base62 characters that sort by creation', () => {
    const ids = ['2026-11-25T12:30:00.000Z', '2026-11-25T12:30:00.001Z', '2027-01-01T00:00:00.000Z'].map((iso) => newRemittanceId(at(iso)));

    for (const id of ids) expect(id).toMatch(REMITTANCE_ID_PATTERN);
    expect([...ids].sort((a, b) => (a < b ? -1 : 1))).toEqual(ids);
  });
});
