import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { newEventId, type DeliveryEvent } from '../core/event.ts';
import { remittanceView, type Remittance, type RemittanceLine } from '../core/remittance.ts';
import { isConditionFailure } from './client.ts';
import { eventOutboxPuts } from './event.repository.ts';
import { TableRepository } from './repository.ts';
import { ledgerPut } from './store.repository.ts';
import { keys } from './table.ts';
import type { remitWrites } from './remittance-writes.ts';
import type { Job } from '../core/job.ts';
import { Transaction, TransactionCancelled } from './transaction.ts';

/** A store on the remittance worker's list, as the collect move and the worker left it. */
export interface RemittanceWork {
  storeId: string;
  sandbox: boolean;
  /** How many payments were ever filed for the store (the worker takes it off only while this is what it saw). */
  collections: number;
  /** Nothing of the store is due before this (the next cut-off after its oldest payment); null: look now. */
  notBefore: string | null;
  /** A worker holds the store until then (leaseId). */
  leaseUntil: string | null;
  /** A remittance claimed and not yet credited (a worker stopped between the phases): credited first. */
  pendingRemittanceId: string | null;
}

/** A payment awaiting remittance (its line STORE#/CODDUE#…): remitted once verified (`verifiedAt`; null: a UPI payment not yet confirmed). */
export interface AwaitingPayment extends RemittanceLine {
  key: { PK: string; SK: string };
  verifiedAt: string | null;
}

/** How long a worker holds a store: longer than one store's work takes, short enough that a stopped worker's store is taken up a minute later. */
export const REMITTANCE_LEASE_MS = 60_000;

function toRemittance(item: Record<string, unknown>): Remittance {
  return {
    id: item.remittanceId as string,
    storeId: item.storeId as string,
    status: item.status as Remittance['status'],
    amountMinor: item.amountMinor as number,
    jobCount: item.jobCount as number,
    periodStart: item.periodStart as string,
    periodEnd: item.periodEnd as string,
    createdAt: item.createdAt as string,
    creditedAt: (item.creditedAt as string | undefined) ?? null,
    ledgerEntryId: (item.ledgerEntryId as string | undefined) ?? null,
  };
}

const toLine = (item: Record<string, unknown>): RemittanceLine => ({
  jobId: item.jobId as string,
  amountMinor: item.amountMinor as number,
  collectedAt: item.collectedAt as string,
});

/** The statement's id of a ledger entry (GET /v1/ledger shows `le_` and its UUID's hex). */
const statementId = (entryId: string) => `le_${entryId.replaceAll('-', '')}`;

/**
 * Remittances of cash-on-delivery payments to the stores' credit, in two phases so one remittance can
 * carry any number of payments within DynamoDB's 100 items a transaction:
 *  1. `claim`, a chunk of payments at a time: the `pending` remittance gains their amount and count
 *     and a line each, their lines awaiting remittance go (each on the condition it is still there),
 *     their jobs name the remittance (the caller's `remit` writes, on each job's version);
 *  2. `credit`, once: the remittance becomes `credited` with its `cod_remittance` ledger entry, the
 *     store's balance and available credit grow by its amount (awaiting → remitted), and the
 *     `remittance.created` event goes to the outbox.
 * The store's worklist item names the pending remittance between the phases, so a worker stopped
 * there leaves it for the next one to credit; every write is conditioned, so nothing is done twice.
 */
export class RemittanceRepository extends TableRepository {
  /** Every store on the worker's list (every shard, one Query each). */
  async worklist(): Promise<RemittanceWork[]> {
    const pages = await Promise.all(
      keys
        .remittanceWorkPartitions()
        .map((pk) => this.queryAll({ KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': pk }, ConsistentRead: true })),
    );
    return pages.flat().map((item) => ({
      storeId: item.storeId as string,
      sandbox: item.sandbox === true,
      collections: (item.collections as number | undefined) ?? 0,
      notBefore: (item.notBefore as string | undefined) ?? null,
      leaseUntil: (item.leaseUntil as string | undefined) ?? null,
      pendingRemittanceId: (item.pendingRemittanceId as string | undefined) ?? null,
    }));
  }

  /** Takes the store for one worker (`leaseId`) until REMITTANCE_LEASE_MS from `now`; false if another holds it. */
  async lease(storeId: string, leaseId: string, now: Date): Promise<boolean> {
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: keys.remittanceWork(storeId),
          UpdateExpression: 'SET leaseUntil = :until, leaseId = :lease',
          ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(leaseUntil) OR leaseUntil <= :now)',
          ExpressionAttributeValues: { ':until': new Date(now.getTime() + REMITTANCE_LEASE_MS).toISOString(), ':lease': leaseId, ':now': now.toISOString() },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  /**
   * Lets the store go: off the list when nothing of it is left (`done`) and no payment came since the
   * worker read the list (`collections` still as seen) and no remittance is pending; else kept, with
   * `notBefore` (when its next payment is due; null: at the next tick) and its lease released.
   */
  async release(work: RemittanceWork, leaseId: string, outcome: { done: boolean; notBefore: string | null }): Promise<'removed' | 'kept'> {
    const key = keys.remittanceWork(work.storeId);
    if (outcome.done) {
      try {
        await this.db.send(
          new DeleteCommand({
            TableName: this.tableName,
            Key: key,
            ConditionExpression: 'leaseId = :lease AND collections = :seen AND attribute_not_exists(pendingRemittanceId)',
            ExpressionAttributeValues: { ':lease': leaseId, ':seen': work.collections },
          }),
        );
        return 'removed';
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
    }
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: key,
          UpdateExpression:
            outcome.notBefore === null || outcome.done ? 'REMOVE leaseUntil, leaseId, notBefore' : 'SET notBefore = :notBefore REMOVE leaseUntil, leaseId',
          ConditionExpression: 'leaseId = :lease',
          ExpressionAttributeValues: { ':lease': leaseId, ...(outcome.notBefore !== null && !outcome.done && { ':notBefore': outcome.notBefore }) },
        }),
      );
    } catch (error) {
      if (!isConditionFailure(error)) throw error; // the lease ran out and another worker holds the store: it decides
    }
    return 'kept';
  }

  /** The store's payments awaiting remittance, oldest first. */
  async awaiting(storeId: string): Promise<AwaitingPayment[]> {
    const items = await this.queryAll({
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.store(storeId).PK, ':prefix': keys.codDuePrefix },
      ConsistentRead: true,
    });
    // A line written before verification existed was remittable as it was: verified when collected.
    const verifiedAt = (item: Record<string, unknown>) => (item.verifiedAt === undefined ? (item.collectedAt as string) : (item.verifiedAt as string | null));
    return items.map((item) => ({ ...toLine(item), key: { PK: item.PK as string, SK: item.SK as string }, verifiedAt: verifiedAt(item) }));
  }

  /**
   * Phase 1, one chunk: the pending remittance (created by its first chunk) gains these payments, each
   * with its line, their lines awaiting remittance go, and their `jobs` name the remittance (`remit`,
   * whose writes the worker passes in: remitWrites of remittance-writes.ts, so the merchant's read
   * functions do not carry the lifecycle), all in one transaction held by the worker's lease. False, writing nothing, when a payment was
   * claimed meanwhile, a job changed, or the lease was lost: the payments wait for the next tick.
   */
  async claim(input: {
    storeId: string;
    leaseId: string;
    remittance: Pick<Remittance, 'id' | 'periodStart' | 'periodEnd' | 'createdAt'>;
    payments: readonly AwaitingPayment[];
    jobs: readonly Job[];
    remit: typeof remitWrites;
    now: Date;
  }): Promise<boolean> {
    const { storeId, remittance, payments } = input;
    const amount = payments.reduce((sum, payment) => sum + payment.amountMinor, 0);
    const tx = new Transaction()
      .add('remittance', {
        Update: {
          TableName: this.tableName,
          Key: keys.remittance(storeId, remittance.id),
          UpdateExpression:
            'SET #type = :type, remittanceId = :id, storeId = :store, #status = :pending, periodStart = if_not_exists(periodStart, :start), periodEnd = if_not_exists(periodEnd, :end), createdAt = if_not_exists(createdAt, :created) ADD amountMinor :amount, jobCount :count',
          ConditionExpression: 'attribute_not_exists(PK) OR #status = :pending',
          ExpressionAttributeNames: { '#type': 'type', '#status': 'status' },
          ExpressionAttributeValues: {
            ':type': 'remittance',
            ':id': remittance.id,
            ':store': storeId,
            ':pending': 'pending',
            ':start': remittance.periodStart,
            ':end': remittance.periodEnd,
            ':created': remittance.createdAt,
            ':amount': amount,
            ':count': payments.length,
          },
        },
      })
      .add('work', {
        Update: {
          TableName: this.tableName,
          Key: keys.remittanceWork(storeId),
          UpdateExpression: 'SET pendingRemittanceId = :id',
          ConditionExpression: 'leaseId = :lease AND (attribute_not_exists(pendingRemittanceId) OR pendingRemittanceId = :id)',
          ExpressionAttributeValues: { ':id': remittance.id, ':lease': input.leaseId },
        },
      });
    tx.addEach(
      'line',
      payments.map((payment) => ({
        Put: {
          TableName: this.tableName,
          Item: {
            ...keys.remittanceLine(storeId, remittance.id, payment.jobId),
            type: 'remittance_line',
            storeId,
            remittanceId: remittance.id,
            jobId: payment.jobId,
            amountMinor: payment.amountMinor,
            collectedAt: payment.collectedAt,
          },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      })),
    );
    tx.addEach(
      'awaiting',
      payments.map((payment) => ({ Delete: { TableName: this.tableName, Key: payment.key, ConditionExpression: 'attribute_exists(PK)' } })),
    );
    tx.addEach(
      'job',
      input.jobs.flatMap((job) => input.remit(this.tableName, job, remittance.id, input.now).items),
    );
    try {
      await tx.commit(this.db);
      return true;
    } catch (error) {
      if (error instanceof TransactionCancelled) return false;
      throw error;
    }
  }

  /**
   * Phase 2: credits a pending remittance to the store: `credited` with its `cod_remittance` ledger
   * entry, the store's balance and available credit up by its amount (awaiting → remitted), its
   * `remittance.created` event, and the worklist item no longer naming it; one transaction. Null when
   * it is not pending (credited already by another worker, or never claimed).
   */
  async credit(storeId: string, remittanceId: string, livemode: boolean, now: Date): Promise<Remittance | null> {
    const pending = await this.get(storeId, remittanceId);
    if (!pending || pending.status !== 'pending') {
      await this.forgetPending(storeId, remittanceId);
      return null;
    }
    const at = now.toISOString();
    const ledger = ledgerPut(
      this.tableName,
      {
        storeId,
        type: 'cod_remittance',
        balanceDeltaMinor: pending.amountMinor,
        reservedDeltaMinor: 0,
        jobId: null,
        note: `Cash on delivery remittance ${remittanceId} (${pending.jobCount} ${pending.jobCount === 1 ? 'payment' : 'payments'})`,
      },
      now,
    );
    const credited: Remittance = { ...pending, status: 'credited', creditedAt: at, ledgerEntryId: statementId(ledger.Put.Item.entryId) };
    const event: DeliveryEvent = {
      id: newEventId(),
      type: 'remittance.created',
      createdAt: at,
      livemode,
      jobId: null,
      sequence: null,
      data: { remittance: remittanceView(credited) },
    };
    const tx = new Transaction()
      .add('remittance', {
        Update: {
          TableName: this.tableName,
          Key: keys.remittance(storeId, remittanceId),
          UpdateExpression: 'SET #status = :credited, creditedAt = :at, ledgerEntryId = :entry',
          // As read: no chunk was added since (its amount is the one credited).
          ConditionExpression: '#status = :pending AND amountMinor = :amount AND jobCount = :count',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':credited': 'credited',
            ':pending': 'pending',
            ':at': at,
            ':entry': credited.ledgerEntryId,
            ':amount': pending.amountMinor,
            ':count': pending.jobCount,
          },
        },
      })
      .add('ledger', ledger)
      .add('store', {
        Update: {
          TableName: this.tableName,
          Key: keys.store(storeId),
          UpdateExpression:
            'SET balanceMinor = balanceMinor + :amount, availableMinor = availableMinor + :amount, updatedAt = :at ADD codAwaitingMinor :minus, codRemittedMinor :amount',
          ConditionExpression: 'attribute_exists(PK) AND codAwaitingMinor >= :amount',
          ExpressionAttributeValues: { ':amount': pending.amountMinor, ':minus': -pending.amountMinor, ':at': at },
        },
      })
      .add('work', {
        Update: {
          TableName: this.tableName,
          Key: keys.remittanceWork(storeId),
          UpdateExpression: 'REMOVE pendingRemittanceId',
          ConditionExpression: 'pendingRemittanceId = :id',
          ExpressionAttributeValues: { ':id': remittanceId },
        },
      });
    tx.addEach('event', eventOutboxPuts(this.tableName, storeId, [event]));
    try {
      await tx.commit(this.db);
    } catch (error) {
      if (error instanceof TransactionCancelled && (error.failed('remittance') || error.conflicted)) return null;
      throw error;
    }
    return credited;
  }

  // A worklist item that names a remittance no longer pending (credited by a worker whose lease ran out) lets it go.
  private async forgetPending(storeId: string, remittanceId: string): Promise<void> {
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: keys.remittanceWork(storeId),
          UpdateExpression: 'REMOVE pendingRemittanceId',
          ConditionExpression: 'pendingRemittanceId = :id',
          ExpressionAttributeValues: { ':id': remittanceId },
        }),
      );
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }

  /** The store's remittance, or null (another store's are not found). */
  async get(storeId: string, remittanceId: string): Promise<Remittance | null> {
    const { Item } = await this.db.send(new GetCommand({ TableName: this.tableName, Key: keys.remittance(storeId, remittanceId), ConsistentRead: true }));
    return Item ? toRemittance(Item) : null;
  }

  /** A remittance's payments, by job id. */
  async lines(storeId: string, remittanceId: string): Promise<RemittanceLine[]> {
    const items = await this.queryAll({
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.store(storeId).PK, ':prefix': keys.remittanceLinePrefix(remittanceId) },
      ConsistentRead: true,
    });
    return items.map(toLine);
  }

  /** The store's remittances newest first, older than `before` (a remittance id), at most `limit`; whether older ones remain. */
  async page(storeId: string, page: { limit: number; before?: string }): Promise<{ remittances: Remittance[]; more: boolean }> {
    const { items, more } = await this.pageBefore(keys.store(storeId).PK, keys.remittancePrefix, {
      limit: page.limit,
      before: page.before === undefined ? undefined : keys.remittance(storeId, page.before).SK,
    });
    return { remittances: items.map(toRemittance), more };
  }
}
