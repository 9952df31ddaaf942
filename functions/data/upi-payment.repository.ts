import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Job } from '../core/job.ts';
import type { UpiVerifier } from '../core/upi.ts';
import { TableRepository } from './repository.ts';
import { keys } from './table.ts';
import { Transaction, TransactionCancelled } from './transaction.ts';
import type { verificationWrites } from './upi-verification-writes.ts';

/** A UPI payment as its reference's item has it (UPIREF#<digits>): the job it paid and whether it was verified. */
export interface UpiPayment {
  reference: string;
  storeId: string;
  jobId: string;
  amountMinor: number;
  collectedAt: string;
  verifiedAt: string | null;
  /** How it was verified (`statement`, `operator`, `rider_debt`: core/upi.ts UpiVerifier; `collection`: recorded before verification existed), null while it is not. */
  verifiedBy: string | null;
}

/**
 * UPI payments by their reference, and their verification against the platform's receiving account
 * (upi-verification-writes.ts builds the writes; the caller passes them in, as the remittance claim
 * takes its `remit`, so only the functions that verify carry them).
 */
export class UpiPaymentRepository extends TableRepository {
  /** The UPI payment recorded under this reference (its 12 digits), or null when none was. One GetItem. */
  async get(reference: string): Promise<UpiPayment | null> {
    const { Item } = await this.db.send(new GetCommand({ TableName: this.tableName, Key: keys.upiReference(reference), ConsistentRead: true }));
    if (!Item) return null;
    // A reference recorded before verification existed was remitted as it was: verified when collected.
    const legacy = Item.verifiedAt === undefined;
    return {
      reference: Item.reference as string,
      storeId: Item.storeId as string,
      jobId: Item.jobId as string,
      amountMinor: Item.amountMinor as number,
      collectedAt: Item.collectedAt as string,
      verifiedAt: legacy ? (Item.collectedAt as string) : (Item.verifiedAt as string | null),
      verifiedBy: legacy ? 'collection' : ((Item.verifiedBy as string | undefined) ?? null),
    };
  }

  /**
   * Verifies the job's UPI payment (`how`) in one transaction: the job as it is after, null when there
   * was nothing to verify, 'changed' when the job changed since it was read (read it again and retry).
   */
  async verify(job: Job, how: UpiVerifier, now: Date, writes: typeof verificationWrites): Promise<Job | null | 'changed'> {
    const built = writes(this.tableName, job, how, now);
    if (!built) return null;
    const tx = new Transaction();
    tx.addEach('verify', built.items);
    try {
      await tx.commit(this.db);
    } catch (error) {
      if (error instanceof TransactionCancelled) return 'changed';
      throw error;
    }
    return built.job;
  }
}
