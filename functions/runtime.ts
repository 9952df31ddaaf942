import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { readConfig, type Config } from './config.ts';
import { createDocumentClient } from './data/client.ts';
import { StoreRepository } from './data/store.repository.ts';
import { ApiKeyRepository } from './data/api-key.repository.ts';
import { QuoteRepository } from './data/quote.repository.ts';
import { ZoneRepository } from './data/zone.repository.ts';
import { RateLimitRepository } from './data/rate-limit.repository.ts';
import { ZoneCatalog } from './data/zone-catalog.ts';

/** Everything a request handler needs, built once per Lambda container (or local server). */
export interface Runtime {
  config: Config;
  db: DynamoDBDocumentClient;
  stores: StoreRepository;
  apiKeys: ApiKeyRepository;
  quotes: QuoteRepository;
  zones: ZoneCatalog;
  rateLimits: RateLimitRepository;
}

/** Builds the runtime for a table; the admin CLI and tests use this directly. */
export function createRuntime(config: Config): Runtime {
  const db = createDocumentClient({ region: config.AWS_REGION, endpoint: config.DYNAMODB_ENDPOINT });
  const table = config.TABLE_NAME;
  return {
    config,
    db,
    stores: new StoreRepository(db, table),
    apiKeys: new ApiKeyRepository(db, table),
    quotes: new QuoteRepository(db, table),
    zones: new ZoneCatalog(new ZoneRepository(db, table), config.ZONE_CACHE_SECONDS * 1000),
    rateLimits: new RateLimitRepository(db, table),
  };
}

let shared: Runtime | undefined;

/** The container's runtime, configured from the environment on first use. */
export function runtime(): Runtime {
  shared ??= createRuntime(readConfig());
  return shared;
}
