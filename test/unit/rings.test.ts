import { describe, expect, it } from 'vitest';
import { MAX_ALARM_MS, ringsOf, STREAM_FILTER_PATTERNS, WORKER_NAMES, type StreamRecord } from '../../functions/engine/rings.ts';

const now = new Date('2026-03-01T10:00:00.000Z');
const at = (ms: number) => new Date(now.getTime() + ms).toISOString();

// A stream record as DynamoDB writes it: keys and the new image in attribute values.
function record(eventName: string, item: Record<string, string | boolean | null | number>): StreamRecord {
  const image = Object.fromEntries(
    Object.entries(item).map(([name, value]) => [
      name,
      value === null ? { NULL: true } : typeof value === 'boolean' ? { BOOL: value } : typeof value === 'number' ? { N: String(value) } : { S: value },
    ]),
  );
  return { eventName, dynamodb: { Keys: { PK: image.PK, SK: image.SK }, NewImage: image } };
}

const outbox = (eventName = 'INSERT') => record(eventName, { PK: 'OUTBOX#3', SK: `${at(0)}#job-1#000000001#evt-1` });
const dispatch = (eventName: string, dueMs: number) => record(eventName, { PK: 'WORK#dispatch#blr#2', SK: `${at(dueMs)}#job-1` });
const simulation = (eventName: string) => record(eventName, { PK: 'WORK#simulation#blr#1', SK: `${at(-5000)}#job-2` });
const remittance = (eventName: string, extra: Record<string, string | null> = {}) => record(eventName, { PK: 'WORK#remittance#4', SK: 'store-1', ...extra });
const webhook = (dueMs: number, extra: Record<string, boolean | number> = {}) =>
  record('INSERT', { PK: 'WORK#webhook#5', SK: `${at(dueMs)}#d-1`, dueAt: at(dueMs), attempt: 1, manual: false, ...extra });

describe('ringsOf (which workers a batch of stream records rings)', () => {
  it('wakes the relay for an outbox insert, and nothing for its removal or a change', () => {
    expect(ringsOf([outbox()], now)).toEqual({ wake: ['relay'], alarms: [] });
    expect(ringsOf([outbox('MODIFY'), outbox('REMOVE')], now)).toEqual({ wake: [], alarms: [] });
  });

  it('wakes dispatch for a worklist item due now or before, on insert and on change', () => {
    expect(ringsOf([dispatch('INSERT', 0)], now).wake).toEqual(['dispatch']);
    expect(ringsOf([dispatch('MODIFY', -60_000)], now).wake).toEqual(['dispatch']);
    expect(ringsOf([dispatch('REMOVE', 0)], now)).toEqual({ wake: [], alarms: [] });
  });

  it('sets an alarm for dispatch at the due time of an item due later (its sort key’s time)', () => {
    expect(ringsOf([dispatch('INSERT', 120_000)], now)).toEqual({ wake: [], alarms: [{ worker: 'dispatch', at: new Date(at(120_000)) }] });
  });

  it('wakes the sandbox rider for a new simulation item only (its later steps are its own alarms)', () => {
    expect(ringsOf([simulation('INSERT')], now).wake).toEqual(['simulation']);
    expect(ringsOf([simulation('MODIFY')], now)).toEqual({ wake: [], alarms: [] });
  });

  it('wakes remittances for a store with no notBefore, or one that has passed; alarms for one to come', () => {
    expect(ringsOf([remittance('INSERT')], now).wake).toEqual(['remittances']);
    expect(ringsOf([remittance('MODIFY', { notBefore: null })], now).wake).toEqual(['remittances']);
    expect(ringsOf([remittance('MODIFY', { notBefore: at(-1) })], now).wake).toEqual(['remittances']);
    expect(ringsOf([remittance('MODIFY', { notBefore: at(600_000) })], now)).toEqual({
      wake: [],
      alarms: [{ worker: 'remittances', at: new Date(at(600_000)) }],
    });
  });

  it('does not ring remittances for a store its worker holds (the lease it just took): the release rings', () => {
    expect(ringsOf([remittance('MODIFY', { leaseUntil: at(30_000) })], now)).toEqual({ wake: [], alarms: [] });
    expect(ringsOf([remittance('MODIFY', { leaseUntil: at(-1) })], now).wake).toEqual(['remittances']);
  });

  it('sets the sender’s alarm for a delivery due later, wakes it for one by hand due now, and leaves first attempts to the relay', () => {
    expect(ringsOf([webhook(30_000, { attempt: 2 })], now)).toEqual({ wake: [], alarms: [{ worker: 'webhooks', at: new Date(at(30_000)) }] });
    expect(ringsOf([webhook(0, { manual: true })], now)).toEqual({ wake: ['webhooks'], alarms: [] });
    expect(ringsOf([webhook(0)], now)).toEqual({ wake: [], alarms: [] });
    expect(ringsOf([{ ...webhook(30_000), eventName: 'MODIFY' }], now)).toEqual({ wake: [], alarms: [] });
  });

  it('wakes the sender for a test event’s delivery due now (no relay placed it to ring)', () => {
    expect(ringsOf([webhook(0, { wake: true })], now)).toEqual({ wake: ['webhooks'], alarms: [] });
  });

  it('sets no alarm further out than 15 minutes (the sweep finds that work), and sets one at exactly 15', () => {
    expect(ringsOf([dispatch('INSERT', MAX_ALARM_MS + 1)], now)).toEqual({ wake: [], alarms: [] });
    expect(ringsOf([webhook(20 * 60_000)], now)).toEqual({ wake: [], alarms: [] });
    expect(ringsOf([dispatch('INSERT', MAX_ALARM_MS)], now).alarms).toHaveLength(1);
  });

  it('wakes each worker once a batch, and sets each worker’s alarm once a second', () => {
    const batch = [
      outbox(),
      outbox(),
      dispatch('INSERT', 0),
      dispatch('MODIFY', -1),
      dispatch('INSERT', 5_000),
      dispatch('INSERT', 5_400),
      dispatch('INSERT', 7_000),
      webhook(5_000, { attempt: 2 }),
    ];
    const rings = ringsOf(batch, now);
    expect(rings.wake.sort()).toEqual(['dispatch', 'relay']);
    expect(rings.alarms).toEqual([
      { worker: 'dispatch', at: new Date(at(5_000)) },
      { worker: 'dispatch', at: new Date(at(7_000)) },
      { worker: 'webhooks', at: new Date(at(5_000)) },
    ]);
  });

  it('ignores other items and records it cannot read, never throwing, and still rings the good ones beside them', () => {
    const malformed: StreamRecord[] = [
      {},
      { eventName: 'INSERT' },
      { eventName: 'INSERT', dynamodb: {} },
      { eventName: 'INSERT', dynamodb: { Keys: { PK: { N: '1' } } } },
      { eventName: 'INSERT', dynamodb: { Keys: { PK: null as unknown as object } } },
      { eventName: 'INSERT', dynamodb: { Keys: { PK: { S: 'WORK#dispatch#blr#0' }, SK: { S: 'not-a-time#job' } } } },
      { eventName: 'INSERT', dynamodb: { Keys: { PK: { S: 'WORK#webhook#1' }, SK: { S: 'x' } }, NewImage: { dueAt: { S: 'soon' } } } },
      { eventName: 'MODIFY', dynamodb: { Keys: { PK: { S: 'WORK#remittance#1' } }, NewImage: { notBefore: { S: 'tomorrow' } } } },
      { eventName: 'INSERT', dynamodb: { Keys: { PK: { S: 'STORE#s' }, SK: { S: 'JOB#000000000000001' } } } },
      { eventName: 'INSERT', dynamodb: { Keys: { PK: { S: 'STORE#s' }, SK: { S: 'FEED#000000000000001' } } } },
      null as unknown as StreamRecord,
    ];
    expect(ringsOf(malformed, now)).toEqual({ wake: [], alarms: [] });
    expect(ringsOf([...malformed, outbox()], now)).toEqual({ wake: ['relay'], alarms: [] });
  });

  it('names every worker, and filters the stream to worklist and outbox inserts and changes', () => {
    expect(WORKER_NAMES).toEqual(['dispatch', 'simulation', 'remittances', 'relay', 'webhooks']);
    expect(STREAM_FILTER_PATTERNS).toEqual([
      { eventName: ['INSERT', 'MODIFY'], dynamodb: { Keys: { PK: { S: [{ prefix: 'WORK#' }] } } } },
      { eventName: ['INSERT', 'MODIFY'], dynamodb: { Keys: { PK: { S: [{ prefix: 'OUTBOX' }] } } } },
    ]);
  });
});
