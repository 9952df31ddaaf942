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

/** Per-request tally of DynamoDB calls, so the access log can say what each request cost. */
export const dynamoCallScope = new AsyncLocalStorage<{ calls: number }>();

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

/**
 * The DynamoDB client and its document client (they share one middleware stack): every call is
 * counted in the current request's scope, and throttling/unavailability errors become
 * ServiceUnavailableError (503 at the edge). Everything that talks to DynamoDB — repositories and
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
  client.middlewareStack.add(
    (next) => async (args) => {
      const scope = dynamoCallScope.getStore();
      if (scope) scope.calls += 1;
      try {
        return await next(args);
      } catch (error) {
        throw isUnavailable(error) ? new ServiceUnavailableError(error) : error;
      }
    },
    { step: 'initialize', name: 'countAndTranslateErrors' },
  );
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
