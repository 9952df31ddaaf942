import type { AttributeValue, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { IdempotencyConfig, makeIdempotent } from '@aws-lambda-powertools/idempotency';
import type { IdempotencyRecord } from '@aws-lambda-powertools/idempotency/persistence';
import { DynamoDBPersistenceLayer } from '@aws-lambda-powertools/idempotency/dynamodb';
import type { Context } from 'aws-lambda';
import type { JSONValue } from '@aws-lambda-powertools/commons/types';
import { IDEMPOTENCY_TTL_SECONDS } from '../core/booking.ts';
import type { Config } from '../config.ts';
import type { PartFactory } from '../runtime.ts';
import { dynamoClients } from './client.ts';
import { AppError, IdempotencyConflictError, IdempotencyInProgressError, ServiceUnavailableError } from '../core/errors.ts';

/**
 * Powertools' DynamoDB persistence in our single table. With a sort key, powertools would put every
 * record under one static partition key (a hot partition at scale); here each record is its own
 * partition: PK = the hashed idempotency key (`booking#<md5>`), SK = `IDEMPOTENCY`.
 */
class SingleTablePersistenceLayer extends DynamoDBPersistenceLayer {
  protected override getKey(idempotencyKey: string): Record<string, AttributeValue> {
    return marshall({ PK: idempotencyKey, SK: 'IDEMPOTENCY' });
  }
}

/** Powertools' failures as the domain's: in flight → 409, other payload → 409, storage unavailable → 503. */
export function translateIdempotencyError(error: unknown): unknown {
  if (!(error instanceof Error) || error instanceof AppError) return error;
  switch (error.name) {
    case 'IdempotencyAlreadyInProgressError':
    case 'IdempotencyInconsistentStateError':
      return new IdempotencyInProgressError();
    case 'IdempotencyValidationError':
      return new IdempotencyConflictError(savedJobId(error));
    case 'IdempotencyPersistenceLayerError':
      // Only DynamoDB being unavailable is worth a retry; anything else is a fault of ours (500).
      return error.cause instanceof ServiceUnavailableError ? error.cause : error;
    default:
      return error;
  }
}

// The job a booking's completed record names (its saved result is `{ jobId, created }`); none while in flight.
function savedJobId(error: Error): string | null {
  const saved = (error as Error & { existingRecord?: IdempotencyRecord }).existingRecord?.responseData as { jobId?: unknown } | undefined;
  return typeof saved?.jobId === 'string' ? saved.jobId : null;
}

/**
 * Runs work at most once per `[storeId, idempotencyKey]` with powertools' idempotency, its records in
 * the single table (see SingleTablePersistenceLayer). Records are in-flight only as long as the
 * invocation that wrote them could still be running, so a retry after a crash runs the work again
 * (which must then find its own earlier work).
 */
export class IdempotencyStore {
  private readonly client: DynamoDBClient;
  private readonly tableName: string;

  /** On the container's connection to the configured table (only the booking function loads powertools' idempotency). */
  constructor(config: Config) {
    this.client = dynamoClients({ region: config.AWS_REGION, endpoint: config.DYNAMODB_ENDPOINT, requestTimeoutMs: config.DYNAMODB_REQUEST_TIMEOUT_MS }).base;
    this.tableName = config.TABLE_NAME;
  }

  /**
   * Wraps `fn` so that calls with the same identity run once for `IDEMPOTENCY_TTL_SECONDS`: replays
   * get the saved result through `onReplay`, an in-flight duplicate or a different `fingerprint`
   * under the same key fails (see translateIdempotencyError).
   */
  wrap<I extends { storeId: string; idempotencyKey: string; fingerprint: string }, C extends object, R extends object>(
    fn: (identity: I, context: C) => Promise<R>,
    options: { keyPrefix: string; onReplay: (saved: R) => R },
  ): (identity: I, context: C, lambda: Context) => Promise<R> {
    const config = new IdempotencyConfig({
      eventKeyJmesPath: '[storeId, idempotencyKey]',
      payloadValidationJmesPath: 'fingerprint',
      expiresAfterSeconds: IDEMPOTENCY_TTL_SECONDS,
      throwOnNoIdempotencyKey: true,
      responseHook: (response) => options.onReplay(response as unknown as R) as unknown as JSONValue,
    });
    const persistenceStore = new SingleTablePersistenceLayer({
      tableName: this.tableName,
      keyAttr: 'PK',
      expiryAttr: 'ttl',
      awsSdkV3Client: this.client,
    });
    // The first argument is what is hashed; the second carries the work's inputs and outputs.
    const wrapped = makeIdempotent(fn as (identity: I, context: object) => Promise<R>, {
      persistenceStore,
      config,
      keyPrefix: options.keyPrefix,
      dataIndexArgument: 0,
    });
    return async (identity, context, lambda) => {
      config.registerLambdaContext(lambda);
      try {
        return (await wrapped(identity, context)) as R;
      } catch (error) {
        throw translateIdempotencyError(error);
      }
    };
  }
}

/** The runtime part a booking names (`uses: { idempotency: idempotencyPart }`): the container's idempotency store. */
export const idempotencyPart: PartFactory<'idempotency'> = (_base, { config }) => new IdempotencyStore(config);
