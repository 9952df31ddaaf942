import type { Context, DynamoDBStreamEvent, SQSEvent } from 'aws-lambda';
import { readEngineConfig } from '../config.ts';
import { logger } from '../log/logger.ts';
import { awsBell, type AlarmMessage, type Bell } from './bell.ts';
import { ENGINE_MESSAGES } from './messages.ts';
import { ringsOf, WORKER_NAMES, type StreamRecord, type WorkerName } from './rings.ts';

/** How close to its time an alarm that arrives counts as due (SQS delays are whole seconds). */
export const ALARM_SLACK_MS = 1_000;

/** What the doorbell rang for a batch, for logs and tests. */
export interface Rung {
  woken: WorkerName[];
  alarms: number;
}

/**
 * A batch of the table's stream: wakes each worker its records ring once, and sets each distinct
 * alarm once (rings.ts). The AWS doorbell and the local engine both call this. A ring that fails
 * throws, so the batch is retried (ringing again is harmless).
 */
export async function ringStream(records: readonly StreamRecord[], bell: Bell, now = new Date()): Promise<Rung> {
  const { wake, alarms } = ringsOf(records, now);
  await Promise.all([...wake.map((worker) => bell.wake(worker)), ...alarms.map(({ worker, at }) => bell.alarm(worker, at))]);
  return { woken: wake, alarms: alarms.length };
}

/**
 * A batch of alarms come due: wakes each worker named whose time has come (once), and sends again an
 * alarm still further out (SQS delays at most 15 minutes). A message it cannot read is logged and
 * dropped; the ids of those whose ring failed are returned, so only they come back.
 */
export async function ringAlarms(messages: ReadonlyArray<{ id: string; body: string }>, bell: Bell, now = new Date()): Promise<{ failed: string[] }> {
  const due = new Map<WorkerName, string[]>();
  const failed: string[] = [];
  for (const { id, body } of messages) {
    const alarm = alarmOf(body);
    if (!alarm) {
      logger.warn('alarm unreadable', { id, body: body.slice(0, 200) });
      continue;
    }
    if (alarm.at.getTime() <= now.getTime() + ALARM_SLACK_MS) due.set(alarm.worker, [...(due.get(alarm.worker) ?? []), id]);
    else
      await bell.alarm(alarm.worker, alarm.at).catch((error: unknown) => {
        logger.warn('alarm not sent again', { worker: alarm.worker, error });
        failed.push(id);
      });
  }
  for (const [worker, ids] of due)
    await bell.wake(worker).catch((error: unknown) => {
      logger.warn('worker not woken', { worker, error });
      failed.push(...ids);
    });
  return { failed };
}

/** The safety net, every minute: wakes every worker, so work whose ring was lost waits a minute at most. */
export async function sweep(bell: Bell): Promise<void> {
  await Promise.all(WORKER_NAMES.map((worker) => bell.wake(worker)));
  logger.info(ENGINE_MESSAGES.sweep, { workers: WORKER_NAMES.length });
}

function alarmOf(body: string): { worker: WorkerName; at: Date } | null {
  try {
    const parsed = JSON.parse(body) as Partial<AlarmMessage>;
    const at = typeof parsed.at === 'string' ? Date.parse(parsed.at) : NaN;
    if (!WORKER_NAMES.includes(parsed.worker as WorkerName) || Number.isNaN(at)) return null;
    return { worker: parsed.worker as WorkerName, at: new Date(at) };
  } catch {
    return null;
  }
}

/** What the doorbell is invoked with: the stream's batches, the alarm queue's, or the minute's rule (the sweep). */
export type DoorbellEvent = DynamoDBStreamEvent | SQSEvent | { source?: string };

/** Partial batch failures (ReportBatchItemFailures on both event source mappings). */
export interface BatchResponse {
  batchItemFailures: Array<{ itemIdentifier: string }>;
}

let bell: Bell | undefined;

/**
 * The doorbell on AWS: one function for the stream (filtered to worklist and outbox writes,
 * STREAM_FILTER_PATTERNS), the alarm queue and the sweep (EventBridge, every minute).
 */
export async function handler(event: DoorbellEvent, context: Context): Promise<BatchResponse> {
  logger.addContext(context);
  bell ??= awsBell(readEngineConfig());
  const records = 'Records' in event && Array.isArray(event.Records) ? event.Records : null;
  const first = records?.[0] as { eventSource?: string } | undefined;
  if (records && first?.eventSource === 'aws:sqs') {
    const { failed } = await ringAlarms(
      (records as SQSEvent['Records']).map((record) => ({ id: record.messageId, body: record.body })),
      bell,
    );
    return { batchItemFailures: failed.map((itemIdentifier) => ({ itemIdentifier })) };
  }
  if (records) {
    await ringStream(records as DynamoDBStreamEvent['Records'], bell);
    return { batchItemFailures: [] };
  }
  await sweep(bell);
  return { batchItemFailures: [] };
}
