import * as z from 'zod';

const Config = z.object({
  TABLE_NAME: z.string({ error: 'is required' }).min(1, 'is required'),
  DYNAMODB_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  AWS_REGION: z.string().min(1).default('ap-south-1'),
  LOG_LEVEL: z.enum(['TRACE', 'DEBUG', 'INFO', 'WARN', 'ERROR', 'SILENT', 'CRITICAL']).default('INFO'),
  /** One DynamoDB attempt's time limit (unset: 1.5 s on AWS, 10 s against DYNAMODB_ENDPOINT). */
  DYNAMODB_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).optional(),
  /** How long a container keeps the zone catalogue before reading it again. */
  ZONE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /** How long dispatch waits for a rider to accept before the job fails (real fleets wait ~20 minutes). */
  DISPATCH_TIMEOUT_SECONDS: z.coerce.number().min(1).max(86_400).default(1200),
  /** How many live jobs one rider may hold at once (accepted, not yet delivered or ended). */
  RIDER_MAX_HELD_JOBS: z.coerce.number().int().min(1).max(20).default(2),
  /** How long a rider has from accepting a job to confirming it before it goes back on offer. */
  ACCEPT_CONFIRM_SECONDS: z.coerce.number().min(1).max(3600).default(120),
  /** How long a whole sandbox delivery takes on the simulator's compressed clock. */
  SIMULATION_SECONDS: z.coerce.number().min(1).max(3600).default(60),
  /**
   * The key that seals webhook endpoints' signing secrets in the table (any string of 32+ characters;
   * AES-256-GCM under its SHA-256). Needed only by the functions that create, rotate or sign with
   * secrets: npm start keeps one in DATA_DIR, the stack passes one from Secrets Manager.
   */
  WEBHOOK_SECRETS_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Developers only: let webhooks go to http://127.0.0.1:<port> and http://localhost:<port> (npm start sets it; the stack never does). */
  WEBHOOK_ALLOW_LOOPBACK: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});
export type Config = z.infer<typeof Config>;

/** Reads and validates the runtime configuration; fails naming each bad variable. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set": the default applies.
  const set = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const result = Config.safeParse(set);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
    throw new Error(`Invalid configuration: ${problems.join('; ')}`);
  }
  return result.data;
}
