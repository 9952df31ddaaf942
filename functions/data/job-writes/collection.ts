import { collectedBy, verifiedBy } from '../../core/collection.ts';
import { verifiedAtOf } from '../../core/job.ts';
import { keys } from '../table.ts';
import type { JobWrite, NamedItem } from './context.ts';
import type { Collection, Job } from '../../core/job.ts';

/**
 * A payment taken at the door: its line awaiting remittance to the store, and, for a UPI transfer,
 * its reference, recorded once whatever the job or store (a transfer pays one job: else 409
 * upi_reference_used). The store's totals are money.ts's; the remittance worker's list is remittance-work.ts's.
 */
export const collectionLines: JobWrite = (before, after, context) => {
  const verified = verifiedBy(before, after);
  if (verified) return verificationMarks(after, verified, context.tableName);
  const { tableName } = context;
  const collected = collectedBy(before, after);
  if (!collected) return [];
  const line: NamedItem = {
    name: 'codDue',
    item: {
      Put: {
        TableName: tableName,
        Item: {
          ...keys.codDue(after.storeId, collected.collectedAt!, after.id),
          type: 'cod_due',
          storeId: after.storeId,
          jobId: after.id,
          amountMinor: collected.amountMinor,
          method: collected.method,
          collectedAt: collected.collectedAt,
          // Null while a UPI payment awaits confirmation: the remittance worker leaves it out until then.
          verifiedAt: verifiedAtOf(collected),
          agentId: collected.collectedBy,
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
  };
  if (collected.method !== 'upi' || collected.reference === null) return [line];
  const reference: NamedItem = {
    name: 'upiReference',
    item: {
      Put: {
        TableName: tableName,
        Item: {
          ...keys.upiReference(collected.reference),
          type: 'upi_reference',
          reference: collected.reference,
          storeId: after.storeId,
          jobId: after.id,
          amountMinor: collected.amountMinor,
          collectedAt: collected.collectedAt,
          verifiedAt: verifiedAtOf(collected),
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
  };
  return [line, reference];
};

// A UPI payment verified: its line awaiting remittance may now be remitted, and its reference says so
// (a statement imported again finds it verified without reading the job). Both exist since the collection.
function verificationMarks(after: Job, verified: Collection, tableName: string): NamedItem[] {
  const mark = (name: string, key: { PK: string; SK: string }): NamedItem => ({
    name,
    item: {
      Update: {
        TableName: tableName,
        Key: key,
        UpdateExpression: 'SET verifiedAt = :at, verifiedBy = :by',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':at': verified.verifiedAt, ':by': verified.verifiedBy },
      },
    },
  });
  return [mark('codDue', keys.codDue(after.storeId, verified.collectedAt!, after.id)), mark('upiVerified', keys.upiReference(verified.reference!))];
}
