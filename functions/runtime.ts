import { readConfig, type Config } from './config.ts';
import { dynamoClients } from './data/client.ts';
import { StoreRepository } from './data/store.repository.ts';
import { StoreAdminRepository } from './data/store-admin.repository.ts';
import { FleetKeyAdminRepository } from './data/directories.ts';
import { ApiKeyRepository } from './data/api-key.repository.ts';
import { QuoteRepository } from './data/quote.repository.ts';
import { ZoneRepository } from './data/zone.repository.ts';
import { RateLimitRepository } from './data/rate-limit.repository.ts';
import { ZoneCatalog } from './data/zone-catalog.ts';
import { PincodeDirectory, PincodeRepository } from './data/pincode.repository.ts';
import { JobRepository } from './data/job.repository.ts';
import { JobReader } from './data/job-reader.ts';
import { JobListRepository } from './data/job-list.repository.ts';
import { FleetJobsRepository } from './data/fleet-jobs.repository.ts';
import { JobArchiveRepository } from './data/job-archive.repository.ts';
import { BookingRepository } from './data/booking.repository.ts';
import { WorkRepository } from './data/work.repository.ts';
import { FleetKeyRepository } from './data/fleet-key.repository.ts';
import { EventRepository } from './data/event.repository.ts';
import { WebhookRepository } from './data/webhook.repository.ts';
import { WebhookEndpointReader } from './data/webhook-endpoints.repository.ts';
import { TrackingRepository } from './data/tracking.repository.ts';
import { RemittanceRepository } from './data/remittance.repository.ts';
import { UpiPaymentRepository } from './data/upi-payment.repository.ts';
import { RiderCashRepository } from './data/rider-cash.repository.ts';
import { SessionRepository } from './data/session.repository.ts';
import type { IdempotencyStore } from './data/idempotency.ts';
import type { KeyRing, SealedSecrets } from './core/secret-box.ts';
import type { WebhookTestRepository } from './data/webhook-test.repository.ts';
import type { DispatchClock } from './core/dispatch.ts';
import { StoreApiKeyRepository } from './data/store-api-keys.repository.ts';
import { cursorKeysPart, webhookSecretsPart } from './data/secret-keys.ts';

/**
 * Everything a request handler needs, built once per Lambda container (or local server): the
 * configuration and the repositories. Nothing above functions/data/ sees a DynamoDB client.
 */
export interface Runtime {
  config: Config;
  /** Stores as operations change them; a function's base has their reads alone (StoreRepository). */
  stores: StoreAdminRepository;
  apiKeys: ApiKeyRepository;
  /** A store's keys managed through the API (GET/POST /v1/api-keys…): the list, named keys, rolls, the limit. */
  storeApiKeys: StoreApiKeyRepository;
  fleetKeys: FleetKeyRepository;
  quotes: QuoteRepository;
  zones: ZoneCatalog;
  /** The pincode table, read through a per-container cache (POST /v1/serviceability; the zone import rebuilds it). */
  pincodes: PincodeDirectory;
  rateLimits: RateLimitRepository;
  jobs: JobRepository;
  /** Reads a job and nothing more (the routes that only show one; `jobs` does the same and all the rest). */
  jobReader: JobReader;
  /** The merchant's list pages of a store's jobs (GET /v1/jobs). */
  jobLists: JobListRepository;
  /** The fleet's lists of jobs: the zones' offers, each rider's assignments. */
  fleetJobs: FleetJobsRepository;
  /** Operations' end of a job, archiving the history its item cannot hold (the admin CLI's `job end`). */
  jobArchive: JobArchiveRepository;
  bookings: BookingRepository;
  work: WorkRepository;
  events: EventRepository;
  webhooks: WebhookRepository;
  /** A store's webhook endpoints, read only (the event relay's; `webhooks` has the same list and all the rest). */
  webhookEndpoints: WebhookEndpointReader;
  tracking: TrackingRepository;
  /** Cash-on-delivery remittances to the stores' credit (the worker's two phases; the merchant's list). */
  remittances: RemittanceRepository;
  /** Riders' cash accounts, their logs and deposits (the fleet's custody routes). */
  riderCash: RiderCashRepository;
  /** UPI payments by reference, and their verification (the remittance worker, the admin CLI). */
  upiPayments: UpiPaymentRepository;
  /** Seals and opens webhook signing secrets (WEBHOOK_SECRETS_KEY, by version); only the functions that need it have the key. */
  webhookSecrets: SealedSecrets;
  /** The versions of the key that signs statement cursors (CURSOR_SIGNING_KEY); only GET /v1/ledger has it. */
  cursorKeys: KeyRing;
  /** Console sign-in links and sessions (the session routes, the admin CLI's `console link`). */
  sessions: SessionRepository;
}

/**
 * The repositories only some functions use. A function's bundle holds the code of those it names
 * (`Parts`) and no other: every function has the base (the stores), each API's handler factory
 * (functions/http/handler.ts) names its keys and the rate limits, and each route names its own parts.
 */
export type OptionalPart =
  | 'apiKeys'
  | 'storeApiKeys'
  | 'fleetKeys'
  | 'rateLimits'
  | 'jobs'
  | 'jobReader'
  | 'jobLists'
  | 'fleetJobs'
  | 'jobArchive'
  | 'zones'
  | 'pincodes'
  | 'quotes'
  | 'bookings'
  | 'work'
  | 'events'
  | 'webhooks'
  | 'webhookEndpoints'
  | 'tracking'
  | 'remittances'
  | 'riderCash'
  | 'upiPayments'
  | 'webhookSecrets'
  | 'cursorKeys'
  | 'sessions'
  | 'webhookTests'
  | 'idempotency';

/**
 * The parts a function may name: the runtime's repositories, and powertools' idempotency records (the
 * booking's replay path), which only the booking names. Its factory (`idempotencyPart`) is beside it in
 * functions/data/idempotency.ts, so no other bundle carries powertools' idempotency, and the whole
 * runtime (workers, admin CLI) has no such part.
 */
export type PartTypes = Runtime & { idempotency: IdempotencyStore; webhookTests: WebhookTestRepository };

/** What every function's runtime has. */
export type BaseRuntime = Omit<Runtime, OptionalPart | 'stores'> & { stores: StoreRepository };

// What the parts are built from, beside the base.
interface Foundation {
  config: Config;
  db: ReturnType<typeof dynamoClients>['doc'];
  table: string;
  /** Which store each job belongs to, as the job readers have found (shared by the job reader and the job repository). */
  storeByJob: Map<string, string>;
}

/** How one optional part is built, from the base and what it was built from. */
export type PartFactory<K extends OptionalPart> = (base: BaseRuntime, from: Foundation) => PartTypes[K];

/** Some optional parts, by name. */
export type Parts = { [K in OptionalPart]?: PartFactory<K> };

/** The runtime a function with these parts has. */
export type RuntimeWith<U extends Parts> = BaseRuntime & Pick<PartTypes, Extract<keyof U, OptionalPart>>;

/** When dispatch is next due for a job, from the configuration (the job repository's, the booking's and the dispatch benchmark's). */
export const dispatchClock = (config: Config): DispatchClock => ({
  timeoutMs: config.DISPATCH_TIMEOUT_SECONDS * 1000,
  confirmMs: config.ACCEPT_CONFIRM_SECONDS * 1000,
  arriveMs: config.PICKUP_ARRIVAL_SECONDS * 1000,
  returnTripMs: config.RETURN_TRIP_DEADLINE_MINUTES * 60_000,
  rearrivalMs: config.REARRIVAL_DEADLINE_MINUTES * 60_000,
});

// Each part's factory stands alone, so a bundle keeps only the ones its function imports; a part
// built on another builds that one through partOf (once per base, as every part).
export const apiKeysPart: PartFactory<'apiKeys'> = (_base, { db, table }) => new ApiKeyRepository(db, table);
export const storeApiKeysPart: PartFactory<'storeApiKeys'> = (_base, { db, table }) => new StoreApiKeyRepository(db, table);
export const fleetKeysPart: PartFactory<'fleetKeys'> = (_base, { db, table }) => new FleetKeyRepository(db, table);
export const rateLimitsPart: PartFactory<'rateLimits'> = (_base, { db, table }) => new RateLimitRepository(db, table);
export const jobsPart: PartFactory<'jobs'> = (_base, { config, db, table, storeByJob }) =>
  new JobRepository(
    db,
    table,
    { maxHeldJobs: config.RIDER_MAX_HELD_JOBS, riderCashLimitMinor: config.RIDER_CASH_LIMIT_MINOR, dispatch: dispatchClock(config) },
    storeByJob,
  );
export const jobReaderPart: PartFactory<'jobReader'> = (_base, { db, table, storeByJob }) => new JobReader(db, table, storeByJob);
export const jobListsPart: PartFactory<'jobLists'> = (_base, { db, table }) => new JobListRepository(db, table);
export const fleetJobsPart: PartFactory<'fleetJobs'> = (_base, { db, table }) => new FleetJobsRepository(db, table);
export const jobArchivePart: PartFactory<'jobArchive'> = (base) => new JobArchiveRepository(partOf(base, 'jobs', jobsPart));
// The zone catalogue and the booking each read the zones through a ZoneRepository of their own (it keeps no state).
export const zonesPart: PartFactory<'zones'> = (_base, { config, db, table }) =>
  new ZoneCatalog(new ZoneRepository(db, table), config.ZONE_CACHE_SECONDS * 1000);
export const pincodesPart: PartFactory<'pincodes'> = (_base, { config, db, table }) =>
  new PincodeDirectory(new PincodeRepository(db, table), config.ZONE_CACHE_SECONDS * 1000);
export const quotesPart: PartFactory<'quotes'> = (_base, { db, table }) => new QuoteRepository(db, table);
// The booking reads jobs through the reader and files a new job's index items itself, so its bundle carries no job moves.
export const bookingsPart: PartFactory<'bookings'> = (base, { config, db, table }) =>
  new BookingRepository(db, table, {
    stores: base.stores,
    jobs: partOf(base, 'jobReader', jobReaderPart),
    dispatch: dispatchClock(config),
    zones: new ZoneRepository(db, table),
  });
export const workPart: PartFactory<'work'> = (base, { db, table }) => new WorkRepository(db, table, partOf(base, 'zones', zonesPart));
export const eventsPart: PartFactory<'events'> = (_base, { db, table }) => new EventRepository(db, table);
export const webhooksPart: PartFactory<'webhooks'> = (_base, { db, table }) => new WebhookRepository(db, table);
export const webhookEndpointsPart: PartFactory<'webhookEndpoints'> = (_base, { db, table }) => new WebhookEndpointReader(db, table);
export const trackingPart: PartFactory<'tracking'> = (_base, { db, table }) => new TrackingRepository(db, table);
export const remittancesPart: PartFactory<'remittances'> = (_base, { db, table }) => new RemittanceRepository(db, table);
export const riderCashPart: PartFactory<'riderCash'> = (_base, { db, table }) => new RiderCashRepository(db, table);
export const upiPaymentsPart: PartFactory<'upiPayments'> = (_base, { db, table }) => new UpiPaymentRepository(db, table);
export const sessionsPart: PartFactory<'sessions'> = (_base, { config, db, table }) =>
  new SessionRepository(db, table, config.CONSOLE_ACCESS_TOKEN_SECONDS * 1000);

const ALL_PARTS = {
  apiKeys: apiKeysPart,
  storeApiKeys: storeApiKeysPart,
  fleetKeys: fleetKeysPart,
  rateLimits: rateLimitsPart,
  jobs: jobsPart,
  jobReader: jobReaderPart,
  jobLists: jobListsPart,
  fleetJobs: fleetJobsPart,
  jobArchive: jobArchivePart,
  zones: zonesPart,
  pincodes: pincodesPart,
  quotes: quotesPart,
  bookings: bookingsPart,
  work: workPart,
  events: eventsPart,
  webhooks: webhooksPart,
  webhookEndpoints: webhookEndpointsPart,
  tracking: trackingPart,
  remittances: remittancesPart,
  riderCash: riderCashPart,
  upiPayments: upiPaymentsPart,
  sessions: sessionsPart,
  webhookSecrets: webhookSecretsPart,
  cursorKeys: cursorKeysPart,
} satisfies Required<Omit<Parts, 'idempotency' | 'webhookTests'>>;

// What each base was built from, and the parts built on it so far (each built once per base, so a
// function and the full runtime of the same process share one instance of each repository).
const foundations = new WeakMap<BaseRuntime, { from: Foundation; built: Map<string, unknown> }>();

/** The base runtime for a table. */
export function createBaseRuntime(config: Config): BaseRuntime {
  const { doc: db } = dynamoClients({ region: config.AWS_REGION, endpoint: config.DYNAMODB_ENDPOINT, requestTimeoutMs: config.DYNAMODB_REQUEST_TIMEOUT_MS });
  const table = config.TABLE_NAME;
  const base: BaseRuntime = { config, stores: new StoreRepository(db, table) };
  foundations.set(base, { from: { config, db, table, storeByJob: new Map() }, built: new Map() });
  return base;
}

// One part of a base, built on first use.
function partOf<K extends OptionalPart>(base: BaseRuntime, name: K, factory: PartFactory<K>): PartTypes[K] {
  const { from, built } = foundations.get(base)!;
  if (!built.has(name)) built.set(name, factory(base, from));
  return built.get(name) as PartTypes[K];
}

/** The base with these parts added (each part built once per base). */
export function withParts<U extends Parts>(base: BaseRuntime, parts: U): RuntimeWith<U> {
  const added: Record<string, unknown> = {};
  for (const [name, factory] of Object.entries(parts) as Array<[OptionalPart, PartFactory<OptionalPart>]>) added[name] = partOf(base, name, factory);
  return { ...base, ...added } as RuntimeWith<U>;
}

/** Builds the whole runtime for a table; the admin CLI, the workers and tests use this. */
export function createRuntime(config: Config): Runtime {
  return whole(createBaseRuntime(config));
}

// Every part of a base, and the stores and fleet keys as operations change them (repositories of their own: they keep no state).
function whole(base: BaseRuntime): Runtime {
  const { db, table } = foundations.get(base)!.from;
  return { ...withParts(base, ALL_PARTS), stores: new StoreAdminRepository(db, table), fleetKeys: new FleetKeyAdminRepository(db, table) };
}

let sharedBase: BaseRuntime | undefined;
let shared: Runtime | undefined;

/** The container's base runtime, configured from the environment on first use. */
export function baseRuntime(): BaseRuntime {
  sharedBase ??= createBaseRuntime(readConfig());
  return sharedBase;
}

/** The container's whole runtime: the base and every part, the same instances the handlers use. */
export function runtime(): Runtime {
  shared ??= whole(baseRuntime());
  return shared;
}
