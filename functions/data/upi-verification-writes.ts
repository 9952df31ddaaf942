import { toCollectionData, toJobSummary, type Job } from '../core/job.ts';
import { newEventId, type DeliveryEvent } from '../core/event.ts';
import { verifiedPayment, type UpiVerifier } from '../core/upi.ts';
import { NO_LIMITS, type WriteContext } from './job-writes/context.ts';
import { jobPut } from './job-writes/job.ts';
import { eventPuts } from './job-writes/events.ts';
import { keys } from './table.ts';
import type { TransactItem } from './transaction.ts';

/**
 * The writes of verifying a job's UPI payment (core/upi.ts verifiedPayment), for one transaction: the
 * job's put on the version read and its `job.collection_updated`; its line awaiting remittance and its reference marked verified (the
 * remittance worker may now remit it; an import again finds it verified). Charged to its rider
 * (`rider_debt`), the amount becomes cash in the rider's hands, with its `upi_unverified` log entry,
 * whatever their cash limit (it is owed already). Null when there is nothing to verify. Its own module:
 * only the remittance worker and the admin CLI carry it.
 */
export function verificationWrites(tableName: string, job: Job, how: UpiVerifier, now: Date): { job: Job; items: TransactItem[] } | null {
  const verified = verifiedPayment(job, now);
  if (!verified) return null;
  // Not a lifecycle move (recordChange sees none): its one event, as recordChange would build it.
  const sequence = (job.eventSequence ?? 0) + 1;
  const next: Job = { ...verified, eventSequence: sequence };
  const events: DeliveryEvent[] = [
    {
      id: newEventId(),
      type: 'job.collection_updated',
      createdAt: next.updatedAt,
      livemode: !job.testMode,
      jobId: job.id,
      sequence,
      data: { previousStatus: job.status, job: toJobSummary(next), collection: toCollectionData(next.collection!) },
    },
  ];
  const context: WriteContext = { tableName, now, money: [], events, limits: NO_LIMITS };
  const paid = next.collection!;
  const at = paid.verifiedAt!;
  const mark = (key: { PK: string; SK: string }): TransactItem => ({
    Update: {
      TableName: tableName,
      Key: key,
      UpdateExpression: 'SET verifiedAt = :at, verifiedBy = :by',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':at': at, ':by': how },
    },
  });
  const items: TransactItem[] = [
    ...[jobPut, eventPuts].flatMap((build) => build(job, next, context)).map(({ item }) => item),
    mark(keys.codDue(job.storeId, paid.collectedAt!, job.id)),
    mark(keys.upiReference(paid.reference!)),
  ];
  if (how === 'rider_debt' && paid.collectedBy !== null) items.push(...riderDebt(tableName, next, paid.collectedBy, at));
  return { job: next, items };
}

// The rider's cash account and log as a cash payment at the door leaves them (job-writes/rider-cash.ts), never held back by the limit.
function riderDebt(tableName: string, job: Job, agentId: string, at: string): TransactItem[] {
  const amount = job.collection!.amountMinor;
  return [
    {
      Update: {
        TableName: tableName,
        Key: keys.riderCash(agentId),
        UpdateExpression:
          'SET agentId = :agent, updatedAt = :at ADD inHandMinor :amount, collectedCashMinor :amount, exposureMinor :amount, dueMinor :zero, depositedMinor :zero',
        ExpressionAttributeValues: { ':agent': agentId, ':at': at, ':amount': amount, ':zero': 0 },
      },
    },
    {
      Put: {
        TableName: tableName,
        Item: {
          ...keys.riderCashEntry(agentId, at, job.id),
          type: 'rider_cash_entry',
          agentId,
          kind: 'upi_unverified',
          amountMinor: amount,
          storeId: job.storeId,
          jobId: job.id,
          createdAt: at,
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
  ];
}
