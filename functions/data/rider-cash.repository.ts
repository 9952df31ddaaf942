import { randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import {
  DepositExceedsCashInHandError,
  DepositKeyConflictError,
  DepositReceiptUsedError,
  FleetKeyRevokedError,
  ServiceUnavailableError,
} from '../core/errors.ts';
import { fleetKeyCheck } from './fleet-key.repository.ts';
import { TableRepository } from './repository.ts';
import { keys } from './table.ts';
import { Transaction, TransactionCancelled } from './transaction.ts';

/** A rider's cash account (AGENT#<id>/CASH): all zero for a rider who never held a cash-on-delivery job. */
export interface RiderCashAccount {
  agentId: string;
  inHandMinor: number;
  collectedCashMinor: number;
  depositedMinor: number;
  dueMinor: number;
  exposureMinor: number;
}

/** One movement of a rider's cash in hand: a collection at a door (its job and store) or a deposit (its id, reference and operator). */
export interface RiderCashEntry {
  kind: 'collection' | 'deposit' | 'upi_unverified';
  amountMinor: number;
  createdAt: string;
  storeId: string | null;
  jobId: string | null;
  depositId: string | null;
  reference: string | null;
}

/** Cash a rider handed to operations, as recorded. */
export interface Deposit {
  id: string;
  agentId: string;
  amountMinor: number;
  reference: string | null;
  /** The operations key that recorded it. */
  recordedBy: string;
  createdAt: string;
}

/** A deposit to record: who, how much, and the request's Idempotency-Key. */
export interface DepositRequest {
  agentId: string;
  amountMinor: number;
  reference: string | null;
  idempotencyKey: string;
  operator: { keyId: string; keyHash: string };
  now: Date;
}

// How often a deposit meets another write to the same account before it answers 503.
const MAX_ATTEMPTS = 5;

const figure = (item: Record<string, unknown> | undefined, name: string) => (item?.[name] as number | undefined) ?? 0;

function toAccount(agentId: string, item: Record<string, unknown> | undefined): RiderCashAccount {
  return {
    agentId,
    inHandMinor: figure(item, 'inHandMinor'),
    collectedCashMinor: figure(item, 'collectedCashMinor'),
    depositedMinor: figure(item, 'depositedMinor'),
    dueMinor: figure(item, 'dueMinor'),
    exposureMinor: figure(item, 'exposureMinor'),
  };
}

const toEntry = (item: Record<string, unknown>): RiderCashEntry => ({
  kind: item.kind as RiderCashEntry['kind'],
  amountMinor: item.amountMinor as number,
  createdAt: item.createdAt as string,
  storeId: (item.storeId as string | undefined) ?? null,
  jobId: (item.jobId as string | undefined) ?? null,
  depositId: (item.depositId as string | undefined) ?? null,
  reference: (item.reference as string | undefined) ?? null,
});

/**
 * Riders' cash custody: the account the job repository keeps with each move (cash due, cash taken at
 * doors) and the deposits operations record against it. A deposit is one transaction, so the account
 * and its log always agree: the account (in hand −, deposited +, exposure −; only while in hand covers
 * it), the log's deposit entry, the Idempotency-Key's marker (kept for good: a replay, however
 * late, never deposits twice) and the receipt number's marker (a receipt is recorded once).
 */
export class RiderCashRepository extends TableRepository {
  /** The rider's cash account (zeros for a rider with none). One strongly consistent GetItem. */
  async account(agentId: string): Promise<RiderCashAccount> {
    const { Item } = await this.db.send(new GetCommand({ TableName: this.tableName, Key: keys.riderCash(agentId), ConsistentRead: true }));
    return toAccount(agentId, Item);
  }

  /**
   * Whether the agent id is a rider's: any item of theirs (the rider's own item, written with their
   * first fleet key; or, for riders from before it, a cash account or an assignment). One Query of one item.
   */
  async known(agentId: string): Promise<boolean> {
    const { Items } = await this.db.send(
      new QueryCommand({
        TableName: this.tableName,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.riderCash(agentId).PK },
        Limit: 1,
      }),
    );
    return (Items?.length ?? 0) > 0;
  }

  /** The rider's latest cash movements, newest first, at most `limit`, and whether older ones remain. One Query. */
  async entries(agentId: string, limit: number): Promise<{ entries: RiderCashEntry[]; more: boolean }> {
    const { items, more } = await this.pageBefore(keys.riderCash(agentId).PK, keys.riderCashEntryPrefix, { limit });
    return { entries: items.map(toEntry), more };
  }

  /**
   * Records a deposit once per (rider, Idempotency-Key): `created` false when the key already recorded
   * this very deposit (its amount and reference), which is returned as it was. Throws
   * DepositExceedsCashInHandError (more than in hand), DepositKeyConflictError (the key recorded
   * another deposit) or FleetKeyRevokedError (the operator's key was revoked meanwhile).
   */
  async deposit(request: DepositRequest): Promise<{ deposit: Deposit; created: boolean }> {
    const { agentId, amountMinor, reference, operator, now } = request;
    const deposit: Deposit = { id: randomUUID(), agentId, amountMinor, reference, recordedBy: operator.keyId, createdAt: now.toISOString() };
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      try {
        await this.depositTransaction(request, deposit).commit(this.db);
        return { deposit, created: true };
      } catch (error) {
        if (!(error instanceof TransactionCancelled)) throw error;
        if (error.failed('operator')) throw new FleetKeyRevokedError();
        // The key was used first: the same deposit again is a replay, another is a conflict (whatever the cash in hand now is).
        if (error.failed('marker')) {
          const recorded = error.oldItem('marker')!.deposit as Deposit;
          if (recorded.amountMinor === amountMinor && recorded.reference === reference) return { deposit: recorded, created: false };
          throw new DepositKeyConflictError(recorded.id);
        }
        if (error.failed('receipt')) throw new DepositReceiptUsedError(error.oldItem('receipt')!.depositId as string);
        if (error.failed('account')) throw new DepositExceedsCashInHandError(agentId, figure(error.oldItem('account'), 'inHandMinor'), amountMinor);
        // Another write to the account (a collection, the same key's twin) was in flight: go again on the items as they now are.
        if (!error.conflicted) throw error;
        await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * (attempt + 1)));
      }
    }
    throw new ServiceUnavailableError(new Error(`the cash account of rider ${agentId} stayed contended for ${MAX_ATTEMPTS} attempts`));
  }

  // The deposit's named items: the operator's key still active, the account (while in hand covers it), the log entry, the key's marker.
  private depositTransaction(request: DepositRequest, deposit: Deposit): Transaction {
    const { agentId, amountMinor, reference, idempotencyKey, operator } = request;
    const at = deposit.createdAt;
    const tx = new Transaction();
    // A receipt number is the platform's: one deposit, whichever rider (a receipt shown twice is a mistake or worse).
    if (reference !== null)
      tx.add('receipt', {
        Put: {
          TableName: this.tableName,
          Item: { ...keys.depositReceipt(reference), type: 'deposit_receipt', reference, depositId: deposit.id, agentId, createdAt: at },
          ConditionExpression: 'attribute_not_exists(PK)',
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
        },
      });
    return tx
      .add('operator', fleetKeyCheck(this.tableName, operator.keyHash))
      .add('account', {
        Update: {
          TableName: this.tableName,
          Key: keys.riderCash(agentId),
          UpdateExpression: 'SET updatedAt = :now ADD inHandMinor :out, exposureMinor :out, depositedMinor :amount',
          ConditionExpression: 'inHandMinor >= :amount',
          ExpressionAttributeValues: { ':now': at, ':out': -amountMinor, ':amount': amountMinor },
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
        },
      })
      .add('entry', {
        Put: {
          TableName: this.tableName,
          Item: {
            ...keys.riderCashEntry(agentId, at, deposit.id),
            type: 'rider_cash_entry',
            agentId,
            kind: 'deposit',
            amountMinor,
            depositId: deposit.id,
            reference,
            recordedBy: operator.keyId,
            createdAt: at,
          },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      })
      .add('marker', {
        Put: {
          TableName: this.tableName,
          Item: { ...keys.depositMarker(agentId, idempotencyKey), type: 'deposit_marker', deposit },
          ConditionExpression: 'attribute_not_exists(PK)',
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
        },
      });
  }
}
