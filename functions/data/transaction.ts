import { randomUUID } from 'node:crypto';
import { TransactWriteCommand, type DynamoDBDocumentClient, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { cancellationReasons, type CancellationReason } from './client.ts';

/** One item of a TransactWriteItems call (a Put, Update, Delete or ConditionCheck). */
export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** One item of a transaction, under the name its cancellation reason is read back by. */
export interface NamedItem {
  name: string;
  item: TransactItem;
}

/**
 * A DynamoDB transaction whose items have names, the way powertools' persistence layer names its
 * condition fragments: a cancelled transaction is read back by name (`failed('quote')`), never by
 * the position an item happened to get.
 */
export class Transaction {
  private readonly entries: NamedItem[] = [];
  /**
   * One logical operation, one token: when the SDK retries a transaction whose first attempt
   * committed but whose answer was lost, DynamoDB (for ten minutes) answers success instead of failing
   * the retry on its own writes. (The SDK fills in a token when none is given; ours does not depend on it.)
   */
  readonly token = randomUUID();

  /** Adds an item under a name no other item of this transaction has. */
  add(name: string, item: TransactItem): this {
    if (this.entries.some((entry) => entry.name === name)) throw new Error(`Transaction item "${name}" added twice`);
    this.entries.push({ name, item });
    return this;
  }

  /** Adds items already named (a job change's builders' items), each under its own name. */
  addAll(items: readonly NamedItem[]): this {
    for (const { name, item } of items) this.add(name, item);
    return this;
  }

  /** Adds several items of one kind, named `<name>#0`, `<name>#1`, … */
  addEach(name: string, items: readonly TransactItem[]): this {
    items.forEach((item, index) => this.add(`${name}#${index}`, item));
    return this;
  }

  /** The names of the items, in the order they are sent. */
  get names(): string[] {
    return this.entries.map((entry) => entry.name);
  }

  /** The named items, in the order they are sent. */
  get items(): readonly NamedItem[] {
    return [...this.entries];
  }

  /** Sends the transaction; a cancelled one throws TransactionCancelled (any other error as it is). */
  async commit(db: DynamoDBDocumentClient): Promise<void> {
    try {
      await db.send(new TransactWriteCommand({ TransactItems: this.entries.map((entry) => entry.item), ClientRequestToken: this.token }));
    } catch (error) {
      const reasons = cancellationReasons(error);
      if (!reasons) throw error;
      throw new TransactionCancelled(new Map(this.entries.map((entry, index) => [entry.name, reasons[index] ?? { code: 'None' }])), error);
    }
  }
}

/** A cancelled transaction, with each named item's reason (`None` where that item was fine). */
export class TransactionCancelled extends Error {
  readonly reasons: ReadonlyMap<string, CancellationReason>;

  constructor(reasons: ReadonlyMap<string, CancellationReason>, cause: unknown) {
    const failed = [...reasons].filter(([, reason]) => reason.code !== 'None').map(([name, reason]) => `${name}: ${reason.code}`);
    super(`Transaction cancelled (${failed.join(', ') || 'no reason given'})`, { cause });
    this.name = 'TransactionCancelled';
    this.reasons = reasons;
  }

  /** Whether the named item's condition did not hold. */
  failed(name: string): boolean {
    return this.reasons.get(name)?.code === 'ConditionalCheckFailed';
  }

  /** Whether the condition of any item added with `addEach(name, …)` did not hold. */
  failedAny(name: string): boolean {
    return [...this.reasons].some(([entry, reason]) => entry.startsWith(`${name}#`) && reason.code === 'ConditionalCheckFailed');
  }

  /** The named item as it was when its condition failed (for items that ask for ALL_OLD). */
  oldItem(name: string): Record<string, unknown> | undefined {
    return this.reasons.get(name)?.item;
  }

  /** Whether another transaction was changing the same items at the same time. */
  get conflicted(): boolean {
    return [...this.reasons.values()].some((reason) => reason.code === 'TransactionConflict');
  }
}
