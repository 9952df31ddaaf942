import { randomUUID } from 'node:crypto';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One version of the stand-in's secret: its id, value, labels and when it was made. */
export interface SecretVersion {
  id: string;
  value: string;
  stages: string[];
  createdAt: Date;
}

/** One request the stand-in answered: its operation, and what it asked for (the body's SecretId, VersionId and VersionStage). */
export interface SecretsManagerCall {
  target: string;
  secretId: string;
  versionId?: string;
  versionStage?: string;
}

/** One secret the stand-in holds: its ARN, its versions, the reads of it, and its rotation. */
export class StandInSecret {
  readonly versions: SecretVersion[] = [];
  readonly calls: SecretsManagerCall[] = [];
  readonly arn: string;

  constructor(name: string, firstValue: string) {
    this.arn = `arn:aws:secretsmanager:ap-south-1:123456789012:secret:${name}-AbCdEf`;
    this.versions.push({ id: randomUUID(), value: firstValue, stages: ['AWSCURRENT'], createdAt: new Date() });
  }

  /** The version a label is on. */
  staged(stage: string): SecretVersion | undefined {
    return this.versions.find((version) => version.stages.includes(stage));
  }

  /** A new current version holding `value` (PutSecretValue with no VersionStages); returns it. */
  rotate(value: string): SecretVersion {
    for (const version of this.versions) version.stages = version.stages.filter((stage) => stage !== 'AWSPREVIOUS');
    const current = this.staged('AWSCURRENT')!;
    current.stages = [...current.stages.filter((stage) => stage !== 'AWSCURRENT'), 'AWSPREVIOUS'];
    const added: SecretVersion = { id: randomUUID(), value, stages: ['AWSCURRENT'], createdAt: new Date() };
    this.versions.push(added);
    return added;
  }

  /** Moves (or puts) a label onto a version, as UpdateSecretVersionStage with MoveToVersionId does (not for AWSCURRENT: use rotate). */
  label(stage: string, versionId: string): void {
    for (const version of this.versions) version.stages = version.stages.filter((s) => s !== stage);
    this.versions.find((version) => version.id === versionId)!.stages.push(stage);
  }

  /** The GetSecretValue calls answered so far, each as what it asked for (`stage:AWSCURRENT`, `id:<VersionId>`). */
  reads(): string[] {
    return this.calls.map((call) => (call.versionId !== undefined ? `id:${call.versionId}` : `stage:${call.versionStage ?? 'AWSCURRENT'}`));
  }
}

/**
 * A stand-in for Secrets Manager (AWS is not reachable here) over real HTTP, speaking its JSON protocol
 * (AWS JSON 1.1: POST /, `X-Amz-Target: secretsmanager.<Operation>`), holding the secrets `add` gives
 * it. It answers GetSecretValue as Secrets Manager does: by VersionId, by VersionStage, or AWSCURRENT
 * when neither is given; both given must name the same version; a secret, version or label it does
 * not hold is a 400 ResourceNotFoundException. A secret's `rotate` is PutSecretValue without
 * VersionStages: the new version takes AWSCURRENT, the version that had it takes AWSPREVIOUS, and the
 * one that had AWSPREVIOUS loses its last label (deprecated: still readable by its id, as Secrets
 * Manager keeps it until it removes old versions).
 */
export class SecretsManagerStandIn {
  readonly secrets = new Map<string, StandInSecret>();
  /** Every request, whichever secret it named (an unknown one too). */
  readonly calls: SecretsManagerCall[] = [];
  /** While set, every request is a 500 InternalServiceError (Secrets Manager unavailable). */
  unavailable = false;
  private server: Server | undefined;
  url = '';

  /** A secret named `name` whose first version holds `firstValue`. */
  add(name: string, firstValue: string): StandInSecret {
    const secret = new StandInSecret(name, firstValue);
    this.secrets.set(secret.arn, secret);
    return secret;
  }

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk) => (raw += chunk));
      req.on('end', () => this.serve(req.method!, String(req.headers['x-amz-target'] ?? ''), raw, res));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }

  private serve(method: string, target: string, raw: string, res: ServerResponse): void {
    const reply = (status: number, payload: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/x-amz-json-1.1' });
      res.end(JSON.stringify(payload));
    };
    const notFound = (message: string) => reply(400, { __type: 'ResourceNotFoundException', message });
    if (method !== 'POST' || target !== 'secretsmanager.GetSecretValue')
      return reply(400, { __type: 'InvalidRequestException', message: `not served by the stand-in: ${method} ${target}` });
    const body = JSON.parse(raw || '{}') as { SecretId?: string; VersionId?: string; VersionStage?: string };
    const call: SecretsManagerCall = {
      target,
      secretId: String(body.SecretId),
      ...(body.VersionId !== undefined && { versionId: body.VersionId }),
      ...(body.VersionStage !== undefined && { versionStage: body.VersionStage }),
    };
    this.calls.push(call);
    this.secrets.get(call.secretId)?.calls.push(call);
    if (this.unavailable) return reply(500, { __type: 'InternalServiceError', message: 'The stand-in is unavailable' });
    const secret = this.secrets.get(call.secretId);
    if (!secret) return notFound("Secrets Manager can't find the specified secret.");
    const byId = body.VersionId === undefined ? undefined : secret.versions.find((version) => version.id === body.VersionId);
    const stage = body.VersionStage ?? (body.VersionId === undefined ? 'AWSCURRENT' : undefined);
    const version = stage === undefined ? byId : secret.staged(stage);
    if (!version || (body.VersionId !== undefined && version !== byId))
      return notFound("Secrets Manager can't find the specified secret value for the given version or staging label.");
    return reply(200, {
      ARN: secret.arn,
      Name: secret.arn
        .split(':')
        .at(-1)!
        .replace(/-[A-Za-z0-9]{6}$/, ''),
      VersionId: version.id,
      SecretString: version.value,
      VersionStages: version.stages,
      CreatedDate: version.createdAt.getTime() / 1000,
    });
  }
}
