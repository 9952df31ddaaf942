import * as z from './zod.ts';

// A whole number from an environment variable, from `min` to `max`.
const wholeNumber = (min: number, max: number) => z.coerce.number().check(z.int(), z.minimum(min), z.maximum(max));
// A number from an environment variable, from `min` to `max`.
const number = (min: number, max: number) => z.coerce.number().check(z.minimum(min), z.maximum(max));

// The background engine's wiring on AWS (the stack sets them; absent locally, where the engine runs in process).
const engineFields = {
  /** The five workers' function names, which the doorbell (and the relay, for the sender) invokes. */
  WORKER_FUNCTION_DISPATCH: z.optional(z.string().check(z.minLength(1))),
  WORKER_FUNCTION_SIMULATION: z.optional(z.string().check(z.minLength(1))),
  WORKER_FUNCTION_REMITTANCES: z.optional(z.string().check(z.minLength(1))),
  WORKER_FUNCTION_RELAY: z.optional(z.string().check(z.minLength(1))),
  WORKER_FUNCTION_WEBHOOKS: z.optional(z.string().check(z.minLength(1))),
  /** The SQS queue whose delayed messages are the workers' alarms (work due later than a write). */
  ALARM_QUEUE_URL: z.optional(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })),
  AWS_REGION: z._default(z.string().check(z.minLength(1)), 'ap-south-1'),
};
const EngineConfig = z.object(engineFields);
export type EngineConfig = z.infer<typeof EngineConfig>;

const Config = z.object({
  ...engineFields,
  TABLE_NAME: z.string({ error: 'is required' }).check(z.minLength(1, 'is required')),
  DYNAMODB_ENDPOINT: z.optional(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })),
  LOG_LEVEL: z._default(z.enum(['TRACE', 'DEBUG', 'INFO', 'WARN', 'ERROR', 'SILENT', 'CRITICAL']), 'INFO'),
  /** One DynamoDB attempt's time limit (unset: 1.5 s on AWS, 10 s against DYNAMODB_ENDPOINT). */
  DYNAMODB_REQUEST_TIMEOUT_MS: z.optional(wholeNumber(100, 60_000)),
  /** How long a container keeps the zone catalogue before reading it again. */
  ZONE_CACHE_SECONDS: z._default(wholeNumber(0, 3600), 60),
  /** How long dispatch waits for a rider to accept before the job fails (real fleets wait ~20 minutes). */
  DISPATCH_TIMEOUT_SECONDS: z._default(number(1, 86_400), 1200),
  /** How many live jobs one rider may hold at once (accepted, not yet delivered or ended). */
  RIDER_MAX_HELD_JOBS: z._default(wholeNumber(1, 20), 2),
  /** The most cash (paise) a rider may have in hand with the cash due on the jobs they hold: offers and accepts past it are left out (₹20,000). */
  RIDER_CASH_LIMIT_MINOR: z._default(wholeNumber(0, 100_000_000), 2_000_000),
  /** The daily cut-off (IST, HH:MM) of cash-on-delivery remittances: payments collected before it are credited to the store after it. */
  /** How long a UPI payment may wait for the platform's account to confirm it before it becomes the collecting rider's debt. */
  UPI_VERIFY_HOURS: z._default(wholeNumber(1, 24 * 90), 48),
  REMITTANCE_CUTOFF_IST: z._default(z.string().check(z.regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, 'must be HH:MM (24-hour, IST)')), '18:00'),
  /** How long a rider has from accepting a job to confirming it before it goes back on offer. */
  ACCEPT_CONFIRM_SECONDS: z._default(number(1, 3600), 120),
  /** How long a rider who confirmed a job has to reach the pickup before it goes back on offer (its credit stays held). */
  PICKUP_ARRIVAL_SECONDS: z._default(number(1, 86_400), 1800),
  /** How long a parcel on its way back may take to reach the pickup before the job goes to operations' review (live jobs). */
  RETURN_TRIP_DEADLINE_MINUTES: z._default(number(1, 10_080), 180),
  /** How long a rider sent back to the drop (a reattempt) may take to arrive there before the job goes to operations' review (live jobs). */
  REARRIVAL_DEADLINE_MINUTES: z._default(number(1, 10_080), 60),
  /** How long a whole sandbox delivery takes on the simulator's compressed clock. */
  SIMULATION_SECONDS: z._default(number(1, 3600), 60),
  /** How long a console access token lives (the app refreshes it before then); the tests shorten it to watch a refresh. */
  CONSOLE_ACCESS_TOKEN_SECONDS: z._default(wholeNumber(5, 900), 900),
  /**
   * The key that seals webhook endpoints' signing secrets in the table (any string of 32+ characters;
   * AES-256-GCM under its SHA-256). Needed only by the functions that create, rotate or sign with
   * secrets: npm start keeps one in DATA_DIR; on AWS, WEBHOOK_SECRETS_KEY_ARN names it instead.
   */
  WEBHOOK_SECRETS_KEY: z.optional(z.string().check(z.minLength(32, 'must be at least 32 characters'))),
  /**
   * The key that signs statement cursors (HMAC-SHA256; any string of 32+ characters), so a cursor's
   * figures are only ever ones we made. Needed only by GET /v1/ledger: npm start keeps one in DATA_DIR;
   * on AWS, CURSOR_SIGNING_KEY_ARN names it instead.
   */
  CURSOR_SIGNING_KEY: z.optional(z.string().check(z.minLength(32, 'must be at least 32 characters'))),
  /**
   * On AWS, the Secrets Manager secrets holding those two keys, by ARN (the stack sets them; a function's
   * role may read only its own). Set, it wins over the value: the function reads the key's versions at
   * run time (functions/data/secret-keys.ts), so a rotation reaches it without a deploy.
   */
  WEBHOOK_SECRETS_KEY_ARN: z.optional(z.string().check(z.regex(/^arn:aws[a-z-]*:secretsmanager:/, 'must be a Secrets Manager ARN'))),
  CURSOR_SIGNING_KEY_ARN: z.optional(z.string().check(z.regex(/^arn:aws[a-z-]*:secretsmanager:/, 'must be a Secrets Manager ARN'))),
  /** Tests only: where Secrets Manager is (their stand-in); unset means AWS's regional endpoint. */
  SECRETS_MANAGER_ENDPOINT: z.optional(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })),
  /** Developers only: let webhooks go to http://127.0.0.1:<port> and http://localhost:<port> (npm start sets it; the stack never does). */
  WEBHOOK_ALLOW_LOOPBACK: z.pipe(
    z._default(z.enum(['true', 'false']), 'false'),
    z.transform((value) => value === 'true'),
  ),
});
export type Config = z.infer<typeof Config>;

/** Reads and validates the runtime configuration; fails naming each bad variable. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return parse(Config, env);
}

/** Reads the engine's wiring alone (the doorbell has no table, so no TABLE_NAME). */
export function readEngineConfig(env: NodeJS.ProcessEnv = process.env): EngineConfig {
  return parse(EngineConfig, env);
}

function parse<T>(schema: z.ZodMiniType<T>, env: NodeJS.ProcessEnv): T {
  // An empty variable means "not set": the default applies.
  const set = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const result = schema.safeParse(set);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
    throw new Error(`Invalid configuration: ${problems.join('; ')}`);
  }
  return result.data;
}
