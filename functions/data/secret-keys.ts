import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { Config } from '../config.ts';
import { InternalError, ServiceUnavailableError } from '../core/errors.ts';
import { isUnavailable } from './client.ts';
import { fixedKeyRing, SealedSecrets, type KeyRing, type KeyVersion } from '../core/secret-box.ts';
import type { PartFactory } from '../runtime.ts';

/**
 * How long a container keeps the version a secret's AWSCURRENT (and AWSPREVIOUS, SEALED-V1) label points at
 * before asking Secrets Manager again: after a rotation, every function seals and signs with the new
 * version within this time (plus the longest request in flight), with no deploy. A version read by its
 * VersionId is kept for the container's life: a version's value never changes.
 */
export const KEY_REFRESH_MS = 5 * 60_000;

/** How soon a container whose refresh failed (Secrets Manager unreachable) tries again, meanwhile keeping the version it held. */
export const REFRESH_RETRY_MS = 30_000;

/** How long one GetSecretValue may take, of up to 3 attempts (it answers in milliseconds; a route has 10 s). */
const CALL_LIMITS = { maxAttempts: 3, connectionTimeoutMs: 1_000, requestTimeoutMs: 2_000 } as const;

/** Where a ring reads its secret: the secret's ARN, the region, and an endpoint for tests' stand-in. */
export interface SecretSource {
  secretArn: string;
  region: string;
  endpoint?: string | undefined;
}

// One client per container (and endpoint): every ring of the container shares its connections.
const clients = new Map<string, SecretsManagerClient>();
function clientFor({ region, endpoint }: SecretSource): SecretsManagerClient {
  const id = `${region}|${endpoint ?? ''}`;
  let client = clients.get(id);
  if (!client) {
    client = new SecretsManagerClient({
      region,
      ...(endpoint !== undefined && { endpoint }),
      maxAttempts: CALL_LIMITS.maxAttempts,
      requestHandler: { connectionTimeout: CALL_LIMITS.connectionTimeoutMs, requestTimeout: CALL_LIMITS.requestTimeoutMs, throwOnRequestTimeout: true },
    });
    clients.set(id, client);
  }
  return client;
}

/**
 * A key's versions as Secrets Manager holds them (GetSecretValue, the function's role allowed it on
 * this secret alone). The labels' versions are kept KEY_REFRESH_MS; versions by id forever; calls made
 * together for the same thing share one request. A version that does not exist (ResourceNotFoundException)
 * is undefined; any other failure throws, so the caller fails and is retried, never taking a key for gone.
 */
export class SecretsManagerKeyRing implements KeyRing {
  private readonly byId = new Map<string, Promise<KeyVersion | undefined>>();
  private readonly byStage = new Map<string, { at: number; key: Promise<KeyVersion | undefined> }>();

  private readonly source: SecretSource;
  private readonly client: SecretsManagerClient;
  private readonly clock: () => number;

  /** A ring over one secret; `clock` is for tests of the refresh. */
  constructor(source: SecretSource, clock: () => number = Date.now) {
    this.source = source;
    this.client = clientFor(source);
    this.clock = clock;
  }

  /** The version labelled AWSCURRENT (every secret has one). */
  async current(): Promise<KeyVersion> {
    const key = await this.stage('AWSCURRENT');
    if (!key) throw new InternalError(`The secret ${this.source.secretArn} has no current version`);
    return key;
  }

  /** The version labelled AWSPREVIOUS: the one the last rotation replaced. */
  previous(): Promise<KeyVersion | undefined> {
    return this.stage('AWSPREVIOUS');
  }

  /** The version an operator's label is on (kept KEY_REFRESH_MS, as AWSCURRENT's). */
  labelled(label: string): Promise<KeyVersion | undefined> {
    return this.stage(label);
  }

  /** A version by its VersionId. */
  version(id: string): Promise<KeyVersion | undefined> {
    let key = this.byId.get(id);
    if (!key) {
      key = this.read({ VersionId: id });
      this.byId.set(id, key);
      // A failed read is not kept: the next one asks again.
      key.catch(() => this.byId.delete(id));
    }
    return key;
  }

  // The version a label points at, read again once KEY_REFRESH_MS has passed since it was read. A
  // failed refresh keeps the version held (sealing goes on under it) and reads again REFRESH_RETRY_MS
  // later; with none held, the failure is the caller's.
  private stage(label: string): Promise<KeyVersion | undefined> {
    const now = this.clock();
    const held = this.byStage.get(label);
    if (held && now - held.at < KEY_REFRESH_MS) return held.key;
    const key: Promise<KeyVersion | undefined> = this.read({ VersionStage: label }).then(
      (found) => {
        // What a label points at is also that version by its id (a later lookup by id costs no call).
        if (found?.version !== undefined && !this.byId.has(found.version)) this.byId.set(found.version, Promise.resolve(found));
        return found;
      },
      (error: unknown) => {
        if (this.byStage.get(label)?.key !== key) throw error;
        if (!held) {
          this.byStage.delete(label);
          throw error;
        }
        this.byStage.set(label, { at: now - KEY_REFRESH_MS + REFRESH_RETRY_MS, key: held.key });
        return held.key;
      },
    );
    this.byStage.set(label, { at: now, key });
    return key;
  }

  private async read(which: { VersionId: string } | { VersionStage: string }): Promise<KeyVersion | undefined> {
    try {
      const answer = await this.client.send(new GetSecretValueCommand({ SecretId: this.source.secretArn, ...which }));
      if (answer.SecretString === undefined || answer.VersionId === undefined) throw new InternalError(`The secret ${this.source.secretArn} holds no string`);
      return { version: answer.VersionId, material: answer.SecretString };
    } catch (error) {
      if ((error as { name?: string }).name === 'ResourceNotFoundException') return undefined;
      // Throttled, unreachable or failing: 503 at the edge, as DynamoDB's are (try again), not a 500.
      throw isUnavailable(error) ? new ServiceUnavailableError(error) : error;
    }
  }
}

/** The names of one key's two settings: its value (locally) and its secret's ARN (on AWS). */
type KeyName = 'WEBHOOK_SECRETS_KEY' | 'CURSOR_SIGNING_KEY';

/** A key's ring from the configuration: Secrets Manager when `<name>_ARN` is set, else the fixed `<name>`; fails naming both when neither is. */
export function keyRingFor(config: Config, name: KeyName): KeyRing {
  const secretArn = config[`${name}_ARN`];
  if (secretArn) return new SecretsManagerKeyRing({ secretArn, region: config.AWS_REGION, endpoint: config.SECRETS_MANAGER_ENDPOINT });
  const value = config[name];
  if (value) return fixedKeyRing(value);
  const missing = () => Promise.reject(new InternalError(`Neither ${name}_ARN nor ${name} is set: the key cannot be read`));
  return { current: missing, previous: missing, version: missing, labelled: missing };
}

/** The webhook secrets' sealer, a part of the functions that seal or open them (creating an endpoint, a new secret, the sender). */
export const webhookSecretsPart: PartFactory<'webhookSecrets'> = (_base, { config }) => new SealedSecrets(keyRingFor(config, 'WEBHOOK_SECRETS_KEY'));

/** The statement cursors' signing key, a part of GET /v1/ledger alone. */
export const cursorKeysPart: PartFactory<'cursorKeys'> = (_base, { config }) => keyRingFor(config, 'CURSOR_SIGNING_KEY');
