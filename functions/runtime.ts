import { readConfig, type Config } from './config.ts';
import { dynamoClients } from './data/client.ts';
import { StoreRepository } from './data/store.repository.ts';
import { ApiKeyRepository } from './data/api-key.repository.ts';
import { QuoteRepository } from './data/quote.repository.ts';
import { ZoneRepository } from './data/zone.repository.ts';
import { RateLimitRepository } from './data/rate-limit.repository.ts';
import { ZoneCatalog } from './data/zone-catalog.ts';
import { JobRepository } from './data/job.repository.ts';
import { BookingRepository } from './data/booking.repository.ts';
import { WorkRepository } from './data/work.repository.ts';
import { FleetKeyRepository } from './data/fleet-key.repository.ts';
import { EventRepository } from './data/event.repository.ts';
import { WebhookRepository } from './data/webhook.repository.ts';
import { TrackingRepository } from './data/tracking.repository.ts';
import { SecretBox } from './core/secret-box.ts';
import { InternalError } from './core/errors.ts';

/**
 * Everything a request handler needs, built once per Lambda container (or local server): the
 * configuration and the repositories. Nothing above functions/data/ sees a DynamoDB client.
 */
export interface Runtime {
  config: Config;
  stores: StoreRepository;
  apiKeys: ApiKeyRepository;
  fleetKeys: FleetKeyRepository;
  quotes: QuoteRepository;
  zones: ZoneCatalog;
  rateLimits: RateLimitRepository;
  jobs: JobRepository;
  bookings: BookingRepository;
  work: WorkRepository;
  events: EventRepository;
  webhooks: WebhookRepository;
  tracking: TrackingRepository;
  /** Seals and opens webhook signing secrets (WEBHOOK_SECRETS_KEY); only the functions that need it have the key. */
  webhookSecrets(): SecretBox;
}

/** Builds the runtime for a table; the admin CLI and tests use this directly. */
export function createRuntime(config: Config): Runtime {
  const { doc: db } = dynamoClients({ region: config.AWS_REGION, endpoint: config.DYNAMODB_ENDPOINT, requestTimeoutMs: config.DYNAMODB_REQUEST_TIMEOUT_MS });
  const table = config.TABLE_NAME;
  const stores = new StoreRepository(db, table);
  const zones = new ZoneRepository(db, table);
  const catalog = new ZoneCatalog(zones, config.ZONE_CACHE_SECONDS * 1000);
  const jobs = new JobRepository(db, table, {
    maxHeldJobs: config.RIDER_MAX_HELD_JOBS,
    dispatch: { timeoutMs: config.DISPATCH_TIMEOUT_SECONDS * 1000, confirmMs: config.ACCEPT_CONFIRM_SECONDS * 1000 },
  });
  let secretBox: SecretBox | undefined;
  return {
    config,
    stores,
    apiKeys: new ApiKeyRepository(db, table),
    fleetKeys: new FleetKeyRepository(db, table),
    quotes: new QuoteRepository(db, table),
    zones: catalog,
    rateLimits: new RateLimitRepository(db, table),
    jobs,
    bookings: new BookingRepository(db, table, { stores, jobs, zones }),
    work: new WorkRepository(db, table, catalog),
    events: new EventRepository(db, table),
    webhooks: new WebhookRepository(db, table),
    tracking: new TrackingRepository(db, table),
    webhookSecrets: () => {
      if (!config.WEBHOOK_SECRETS_KEY) throw new InternalError('WEBHOOK_SECRETS_KEY is not set: webhook secrets cannot be sealed or opened');
      secretBox ??= new SecretBox(config.WEBHOOK_SECRETS_KEY);
      return secretBox;
    },
  };
}

let shared: Runtime | undefined;

/** The container's runtime, configured from the environment on first use. */
export function runtime(): Runtime {
  shared ??= createRuntime(readConfig());
  return shared;
}
