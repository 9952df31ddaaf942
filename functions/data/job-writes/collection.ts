import { collectedBy } from '../../core/collection.ts';
import { keys } from '../table.ts';
import type { JobWrite, NamedItem } from './context.ts';

/**
 * A payment taken at the door: its line awaiting remittance to the store, and, for a UPI transfer,
 * its reference, recorded once whatever the job or store (a transfer pays one job: else 409
 * upi_reference_used). The store's totals are money.ts's; the remittance worker's list is remittance-work.ts's.
 */
export const collectionLines: JobWrite = (before, after, { tableName }) => {
  const collected = collectedBy(before, after);
  if (!collected) return [];
  // Null while a UPI payment awaits confirmation: the remittance worker leaves it out until then (data/upi-verification-writes.ts); absent: verified when collected.
  const { verifiedAt } = collected;
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
          verifiedAt,
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
          verifiedAt,
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
  };
  return [line, reference];
};
