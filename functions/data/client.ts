import { AsyncLocalStorage } from 'node:async_hooks';
import { DynamoDBClient, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ServiceUnavailableError } from '../core/errors.ts';

/** Where and how to reach DynamoDB. */
export interface DynamoConfig {
  region: string;
  /** Set for DynamoDB Local (or any other endpoint); unset means AWS's regional endpoint. */
  endpoint?: string | undefined;
  /** How long one attempt may take (default: requestTimeoutFor(endpoint)). */
  requestTimeoutMs?: number | undefined;
}

/**
 * An attempt's time limit: DYNAMO_CALL_LIMITS' 1.5 s against DynamoDB, which answers in milliseconds;
 * 10 s against another endpoint (DynamoDB Local, a JVM sharing a developer's or CI's few cores, can
 * pause for seconds under load). DYNAMODB_REQUEST_TIMEOUT_MS sets it either way.
 */
export function requestTimeoutFor(endpoint: string | undefined): number {
  return endpoint === undefined ? DYNAMO_CALL_LIMITS.requestTimeoutMs : LOCAL_REQUEST_TIMEOUT_MS;
}
const LOCAL_REQUEST_TIMEOUT_MS = 10_000;

/**
 * How long one DynamoDB call may take: up to 3 attempts of at most 1 s to connect and 1.5 s to
 * answer, with the SDK's backoff between them (under 1 s in all for 3 attempts). DynamoDB answers in
 * milliseconds, so an attempt that takes seconds is better tried again; and the worst case (8.5 s)
 * plus the early answer fit in a route function's 10 s (a test checks), so a slow DynamoDB becomes
 * our 503, never the gateway's 502.
 */
export const DYNAMO_CALL_LIMITS = { maxAttempts: 3, connectionTimeoutMs: 1_000, requestTimeoutMs: 1_500, maxBackoffMs: 1_000 } as const;

/**
 * What one request (or worker tick) spent in DynamoDB, so the access log can say: calls; round trips
 * (the longest chain of calls each started after the one before it had answered: calls started
 * together count once, whatever else overlaps them); the time with at least one call in flight; the
 * capacity units DynamoDB reported, read and write.
 */
export interface DynamoTally {
  calls: number;
  roundTrips: number;
  dynamoMs: number;
  readUnits: number;
  writeUnits: number;
  /** Calls in flight now, and since when at least one has been. */
  inFlight: number;
  busySince: number;
  /** The deepest chain among the calls that have answered: a call started now is one deeper. */
  answeredDepth: number;
  /**
   * The IAM actions the calls needed, as the function's role must allow them: `PutItem`; `Query on
   * GSI1` for an index; `UpdateItem of PK,SK,tat` with the attributes an update touches.
   */
  actions: Set<string>;
  /**
   * The request's rate-limit decision while it is being made: every write of the request waits for
   * it (and fails with it when the request is refused), so reads may run alongside it but nothing is
   * written for a refused request. Unset outside requests (workers) and before the decision starts.
   */
  writeGate?: Promise<unknown>;
}

/** A fresh tally for one request. */
export function newDynamoTally(): DynamoTally {
  return { calls: 0, roundTrips: 0, dynamoMs: 0, readUnits: 0, writeUnits: 0, inFlight: 0, busySince: 0, answeredDepth: 0, actions: new Set() };
}

/** The current request's tally (the access log reads it). */
export const dynamoCallScope = new AsyncLocalStorage<DynamoTally>();

// The commands that report consumed capacity, and whether what they consume is read or write units.
const CAPACITY_KINDS: Record<string, 'read' | 'write'> = {
  GetItemCommand: 'read',
  GetCommand: 'read',
  QueryCommand: 'read',
  ScanCommand: 'read',
  BatchGetItemCommand: 'read',
  BatchGetCommand: 'read',
  TransactGetItemsCommand: 'read',
  TransactGetCommand: 'read',
  PutItemCommand: 'write',
  PutCommand: 'write',
  UpdateItemCommand: 'write',
  UpdateCommand: 'write',
  DeleteItemCommand: 'write',
  DeleteCommand: 'write',
  BatchWriteItemCommand: 'write',
  BatchWriteCommand: 'write',
  TransactWriteItemsCommand: 'write',
  TransactWriteCommand: 'write',
};

type Consumed = { CapacityUnits?: number; ReadCapacityUnits?: number; WriteCapacityUnits?: number };

// The context flag of a command that must not wait for the write gate: the rate-limit bucket's own update, which decides it.
const UNGATED = 'deliveryApiUngated';

/** Marks a command as the one that makes the rate-limit decision: it does not wait for the write gate. */
export function ungated<C extends { middlewareStack: { add: (...args: never[]) => void } }>(command: C): C {
  (command.middlewareStack as unknown as { add: (m: unknown, o: unknown) => void }).add(
    (next: (args: unknown) => Promise<unknown>, context: Record<string, unknown>) => (args: unknown) => {
      context[UNGATED] = true;
      return next(args);
    },
    { step: 'initialize', priority: 'high' },
  );
  return command;
}

/**
 * Waits for the request's rate-limit decision (the write gate; at once outside a request), and fails
 * with its refusal. A read whose cost grows with the data (a filtered feed page, a statement, a
 * status list) waits for it, so a refused request reads nothing and the limit bounds the table's cost.
 */
export async function rateDecided(): Promise<void> {
  await dynamoCallScope.getStore()?.writeGate;
}

// The IAM actions a call needs: a transaction's or a batch's are those of its items.
const ITEM_ACTIONS: Record<string, string> = {
  Put: 'PutItem',
  Update: 'UpdateItem',
  Delete: 'DeleteItem',
  ConditionCheck: 'ConditionCheckItem',
  Get: 'GetItem',
  PutRequest: 'PutItem',
  DeleteRequest: 'DeleteItem',
};
function actionsOf(commandName: string, input: Record<string, unknown>): string[] {
  const name = commandName.replace(/Command$/, '');
  if (name === 'TransactWriteItems' || name === 'TransactGetItems') {
    return (input.TransactItems as Array<Record<string, Record<string, unknown>>>).map((item) => {
      const [kind, request] = Object.entries(item)[0]!;
      return kind === 'Update' ? updateAction(request) : ITEM_ACTIONS[kind]!;
    });
  }
  if (name === 'UpdateItem') return [updateAction(input)];
  if (name === 'BatchWriteItem') {
    return Object.values(input.RequestItems as Record<string, Array<Record<string, unknown>>>).flatMap((requests) =>
      requests.map((request) => ITEM_ACTIONS[Object.keys(request)[0]!]!),
    );
  }
  return [input.IndexName ? `${name} on ${String(input.IndexName)}` : name];
}

// An update names the attributes it touches (IAM's dynamodb:Attributes): its key's and those in its
// update and condition expressions, aliases resolved.
const EXPRESSION_WORDS = new Set(['SET', 'ADD', 'REMOVE', 'DELETE', 'AND', 'OR', 'NOT', 'BETWEEN', 'IN']);
function updateAction(request: Record<string, unknown>): string {
  const names = (request.ExpressionAttributeNames ?? {}) as Record<string, string>;
  const expressions = `${String(request.UpdateExpression ?? '')} ${String(request.ConditionExpression ?? '')}`;
  const attributes = new Set(Object.keys((request.Key ?? {}) as object));
  for (const [word] of expressions.matchAll(/(?<![:\w#])#?[A-Za-z_]\w*\b(?!\s*\()/g)) {
    if (!EXPRESSION_WORDS.has(word)) attributes.add(word.startsWith('#') ? (names[word] ?? word) : word);
  }
  return `UpdateItem of ${[...attributes].sort().join(',')}`;
}

// Adds what DynamoDB reported a call consumed to the tally: its own read/write split when it gives one, else by the command's kind.
function addCapacity(tally: DynamoTally, kind: 'read' | 'write', consumed: Consumed | Consumed[] | undefined): void {
  for (const entry of Array.isArray(consumed) ? consumed : consumed ? [consumed] : []) {
    if (entry.ReadCapacityUnits !== undefined || entry.WriteCapacityUnits !== undefined) {
      tally.readUnits += entry.ReadCapacityUnits ?? 0;
      tally.writeUnits += entry.WriteCapacityUnits ?? 0;
    } else if (kind === 'read') tally.readUnits += entry.CapacityUnits ?? 0;
    else tally.writeUnits += entry.CapacityUnits ?? 0;
  }
}

// Throttling and server-side or network failures: the request may succeed if retried later.
const UNAVAILABLE_NAMES = new Set([
  'ProvisionedThroughputExceededException',
  'ThrottlingException',
  'RequestLimitExceeded',
  'InternalServerError',
  'ServiceUnavailable',
  'LimitExceededException',
  'TimeoutError',
  'RequestTimeout',
  'RequestTimeoutException',
]);
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EPIPE', 'EAI_AGAIN']);

/** Whether an SDK error means "DynamoDB is throttling or unreachable right now". */
export function isUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const e = error as Error & { code?: string; $metadata?: { httpStatusCode?: number }; $retryable?: unknown };
  if (UNAVAILABLE_NAMES.has(e.name)) return true;
  if (e.code !== undefined && NETWORK_CODES.has(e.code)) return true;
  const status = e.$metadata?.httpStatusCode;
  return status !== undefined && status >= 500;
}

// The shape of an initialize-step middleware of the client's stack (what each of the four below is).
type Handler<O> = (args: { input: object }) => Promise<O>;
type StackContext = { commandName?: string };

// No write before the request's rate-limit decision (a refusal fails the write with it); the bucket's own update is exempt (`ungated`).
function gateWrites<O>(next: Handler<O>, context: StackContext): Handler<O> {
  return async function gateWritesCall(args) {
    const gate = dynamoCallScope.getStore()?.writeGate;
    if (gate && CAPACITY_KINDS[context.commandName ?? ''] === 'write' && !(context as Record<string, unknown>)[UNGATED]) await gate;
    return next(args);
  };
}

// Records the IAM actions the call needs in the request's tally (the access log; a test compares them with the roles).
function recordActions<O>(next: Handler<O>, context: StackContext): Handler<O> {
  return function recordActionsCall(args) {
    const tally = dynamoCallScope.getStore();
    if (tally) for (const action of actionsOf(context.commandName ?? '', args.input as Record<string, unknown>)) tally.actions.add(action);
    return next(args);
  };
}

// Counts the call in the request's tally: its place in the chain of round trips, the time in flight, the capacity it consumed.
function tallyCalls<O extends { output: object }>(next: Handler<O>, context: StackContext): Handler<O> {
  return async function tallyCallsCall(args) {
    const tally = dynamoCallScope.getStore();
    const kind = CAPACITY_KINDS[context.commandName ?? ''];
    // Asking costs nothing and adds a few bytes to the answer: every call says what it consumed.
    if (kind) (args.input as { ReturnConsumedCapacity?: string }).ReturnConsumedCapacity ??= 'TOTAL';
    if (!tally) return next(args);
    // This call's place in the chain: one after the deepest call that had answered when it started.
    const depth = tally.answeredDepth + 1;
    tally.calls += 1;
    tally.roundTrips = Math.max(tally.roundTrips, depth);
    if (tally.inFlight === 0) tally.busySince = performance.now();
    tally.inFlight += 1;
    try {
      const result = await next(args);
      if (kind) addCapacity(tally, kind, (result.output as { ConsumedCapacity?: Consumed | Consumed[] }).ConsumedCapacity);
      return result;
    } finally {
      tally.answeredDepth = Math.max(tally.answeredDepth, depth);
      if (--tally.inFlight === 0) tally.dynamoMs += performance.now() - tally.busySince;
    }
  };
}

// Throttling and unavailability become ServiceUnavailableError (503 at the edge); other errors pass as they are.
function translateErrors<O>(next: Handler<O>): Handler<O> {
  return async function translateErrorsCall(args) {
    try {
      return await next(args);
    } catch (error) {
      throw isUnavailable(error) ? new ServiceUnavailableError(error) : error;
    }
  };
}

/**
 * The DynamoDB client and its document client (they share one middleware stack, four middlewares in
 * it): a write waits for the request's rate-limit decision (gateWrites), every call's IAM actions and
 * cost are counted in the current request's scope (recordActions, tallyCalls), and
 * throttling/unavailability errors become ServiceUnavailableError, 503 at the edge (translateErrors). Everything that talks to DynamoDB — repositories and
 * the idempotency layer — goes through these.
 */
export function createDynamoClients(config: DynamoConfig): { base: DynamoDBClient; doc: DynamoDBDocumentClient } {
  const local = config.endpoint !== undefined;
  const base = new DynamoDBClient({
    region: config.region,
    ...(local && { endpoint: config.endpoint }),
    // DynamoDB Local accepts any credentials; don't make a tester configure AWS for it.
    ...(local && !process.env.AWS_ACCESS_KEY_ID && { credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }),
    maxAttempts: DYNAMO_CALL_LIMITS.maxAttempts,
    // throwOnRequestTimeout: without it the HTTP handler only logs a warning when requestTimeout
    // passes and goes on waiting, so a stalled DynamoDB would hold the request until Lambda kills it.
    requestHandler: {
      connectionTimeout: DYNAMO_CALL_LIMITS.connectionTimeoutMs,
      requestTimeout: config.requestTimeoutMs ?? requestTimeoutFor(config.endpoint),
      throwOnRequestTimeout: true,
    },
  });
  const client = DynamoDBDocumentClient.from(base, {
    marshallOptions: { removeUndefinedValues: true },
  });
  // Outermost first (the same step and priority run in the order added): each does one job.
  client.middlewareStack.add(gateWrites, { step: 'initialize', name: 'gateWrites' });
  client.middlewareStack.add(recordActions, { step: 'initialize', name: 'recordActions' });
  client.middlewareStack.add(tallyCalls, { step: 'initialize', name: 'tallyCalls' });
  client.middlewareStack.add(translateErrors, { step: 'initialize', name: 'translateErrors' });
  return { base, doc: client };
}

const shared = new Map<string, { base: DynamoDBClient; doc: DynamoDBDocumentClient }>();

/**
 * The container's clients for an endpoint, made once: every repository and powertools' idempotency
 * records share one connection pool, whoever asks for it first.
 */
export function dynamoClients(config: DynamoConfig): { base: DynamoDBClient; doc: DynamoDBDocumentClient } {
  const key = `${config.region} ${config.endpoint ?? ''} ${config.requestTimeoutMs ?? ''}`;
  let clients = shared.get(key);
  if (!clients) {
    clients = createDynamoClients(config);
    shared.set(key, clients);
  }
  return clients;
}

/** Whether an error is DynamoDB refusing an item larger than it stores (400 KB). */
export function isItemTooLarge(error: unknown): boolean {
  return error instanceof Error && error.name === 'ValidationException' && /item size/i.test(error.message);
}

/** Whether an error is DynamoDB's "a condition did not hold". */
export function isConditionFailure(error: unknown): boolean {
  return error instanceof Error && error.name === 'ConditionalCheckFailedException';
}

/** Why one item of a cancelled transaction failed, with the item as it was (when asked for ALL_OLD). */
export interface CancellationReason {
  code: string;
  item?: Record<string, unknown>;
}

/**
 * The reasons of a cancelled transaction, one per item in order (`None` where that item was fine),
 * or null when the error is not a cancelled transaction.
 */
export function cancellationReasons(error: unknown): CancellationReason[] | null {
  if (!(error instanceof Error) || error.name !== 'TransactionCanceledException') return null;
  const reasons = (error as Error & { CancellationReasons?: Array<{ Code?: string; Item?: Record<string, AttributeValue> }> }).CancellationReasons ?? [];
  return reasons.map((reason) => ({ code: reason.Code ?? 'None', ...(reason.Item && { item: unmarshall(reason.Item) }) }));
}
