import { createHash } from 'node:crypto';
import { SignatureV4 } from '@smithy/signature-v4';
import type { SourceData } from '@smithy/types';
import { describe, expect, it } from 'vitest';
import { signRequest, type AwsRequest } from '../../functions/engine/aws-request.ts';
import { awsBell, delaySecondsOf, type Bell } from '../../functions/engine/bell.ts';
import { ringAlarms, ringStream, sweep } from '../../functions/engine/doorbell.ts';
import type { WorkerName } from '../../functions/engine/rings.ts';

const credentials = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY', sessionToken: 'token/with+chars' };

const bytes = (data: SourceData) =>
  typeof data === 'string'
    ? Buffer.from(data)
    : Buffer.from(data instanceof ArrayBuffer ? new Uint8Array(data) : new Uint8Array(data.buffer, data.byteOffset, data.byteLength));

// The SDK's own signer, for the same request: what ours must match byte for byte.
class Sha256 {
  private readonly parts: Buffer[] = [];
  private readonly secret: Buffer | undefined;
  constructor(secret?: SourceData) {
    this.secret = secret === undefined ? undefined : bytes(secret);
  }
  update(data: SourceData) {
    this.parts.push(bytes(data));
  }
  async digest() {
    const data = Buffer.concat(this.parts);
    const { createHmac } = await import('node:crypto');
    return new Uint8Array(this.secret === undefined ? createHash('sha256').update(data).digest() : createHmac('sha256', this.secret).update(data).digest());
  }
}
async function sdkSignature(request: AwsRequest, at: Date): Promise<string> {
  const signer = new SignatureV4({ service: request.service, region: request.region, credentials, sha256: Sha256, applyChecksum: false });
  const signed = await signer.sign(
    {
      method: 'POST',
      protocol: 'https:',
      hostname: request.url.hostname,
      path: request.url.pathname,
      query: {},
      headers: { ...request.headers, host: request.url.host },
      body: request.body,
    },
    { signingDate: at },
  );
  return signed.headers.authorization as string;
}

// A bell that records what it was asked.
function recordingBell(): Bell & { woken: WorkerName[]; alarms: Array<{ worker: WorkerName; at: string }> } {
  const bell = {
    woken: [] as WorkerName[],
    alarms: [] as Array<{ worker: WorkerName; at: string }>,
    wake: async (worker: WorkerName) => void bell.woken.push(worker),
    alarm: async (worker: WorkerName, at: Date) => void bell.alarms.push({ worker, at: at.toISOString() }),
  };
  return bell;
}

describe('the AWS bell', () => {
  const at = new Date('2026-03-01T10:00:00.000Z');

  it.each([
    [
      'Lambda Invoke',
      {
        service: 'lambda',
        url: 'https://lambda.ap-south-1.amazonaws.com/2015-03-31/functions/stage-dispatch%3A%24LATEST/invocations',
        headers: { 'x-amz-invocation-type': 'Event' },
      },
    ],
    [
      'SQS SendMessage',
      {
        service: 'sqs',
        url: 'https://sqs.ap-south-1.amazonaws.com/',
        headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': 'AmazonSQS.SendMessage' },
      },
    ],
  ])('signs %s as the SDK’s SignatureV4 does', async (_name, { service, url, headers }) => {
    const request: AwsRequest = { service, region: 'ap-south-1', url: new URL(url), headers, body: '{"worker":"dispatch","at":"2026-03-01T10:00:05.000Z"}' };
    expect(signRequest(request, credentials, at).authorization).toBe(await sdkSignature(request, at));
  });

  it('invokes the worker’s function asynchronously, and sends an alarm with its delay in whole seconds, clamped to 0–900', async () => {
    const sent: AwsRequest[] = [];
    const bell = awsBell(
      { AWS_REGION: 'ap-south-1', WORKER_FUNCTION_WEBHOOKS: 'stage-webhooks', ALARM_QUEUE_URL: 'https://sqs.ap-south-1.amazonaws.com/123456789012/alarms' },
      async (request) => {
        sent.push(request);
        return 200;
      },
    );
    await bell.wake('webhooks');
    await bell.alarm('dispatch', new Date(Date.now() + 4_200));
    expect(sent[0]!.url.href).toBe('https://lambda.ap-south-1.amazonaws.com/2015-03-31/functions/stage-webhooks/invocations');
    expect(sent[0]!.headers['x-amz-invocation-type']).toBe('Event');
    expect(sent[1]!.url.href).toBe('https://sqs.ap-south-1.amazonaws.com/');
    const body = JSON.parse(sent[1]!.body) as { QueueUrl: string; MessageBody: string; DelaySeconds: number };
    expect(body.QueueUrl).toBe('https://sqs.ap-south-1.amazonaws.com/123456789012/alarms');
    expect(body.DelaySeconds).toBeGreaterThanOrEqual(4);
    expect(body.DelaySeconds).toBeLessThanOrEqual(5);
    expect(JSON.parse(body.MessageBody)).toEqual({ worker: 'dispatch', at: expect.any(String) });
    expect([
      delaySecondsOf(new Date(at.getTime() - 5_000), at),
      delaySecondsOf(new Date(at.getTime() + 1), at),
      delaySecondsOf(new Date(at.getTime() + 3_600_000), at),
    ]).toEqual([0, 1, 900]);
  });

  it('rings nothing for what the stack did not wire (the sweep still runs every worker)', async () => {
    const sent: AwsRequest[] = [];
    const bell = awsBell({ AWS_REGION: 'ap-south-1' }, async (request) => {
      sent.push(request);
      return 200;
    });
    await bell.wake('dispatch');
    await bell.alarm('dispatch', at);
    expect(sent).toEqual([]);
  });
});

describe('the doorbell', () => {
  const now = new Date('2026-03-01T10:00:00.000Z');

  it('rings a stream batch: each worker once, each alarm once', async () => {
    const bell = recordingBell();
    const outbox = { eventName: 'INSERT', dynamodb: { Keys: { PK: { S: 'OUTBOX#1' }, SK: { S: 'x' } } } };
    const later = { eventName: 'INSERT', dynamodb: { Keys: { PK: { S: 'WORK#dispatch#0' }, SK: { S: '2026-03-01T10:00:30.000Z#job' } } } };
    expect(await ringStream([outbox, outbox, later, later], bell, now)).toEqual({ woken: ['relay'], alarms: 1 });
    expect(bell.woken).toEqual(['relay']);
    expect(bell.alarms).toEqual([{ worker: 'dispatch', at: '2026-03-01T10:00:30.000Z' }]);
  });

  it('wakes the workers whose alarms came due (within a second), once each; sends again one still further out; drops what it cannot read', async () => {
    const bell = recordingBell();
    const messages = [
      { id: 'a', body: JSON.stringify({ worker: 'dispatch', at: '2026-03-01T10:00:00.800Z' }) },
      { id: 'b', body: JSON.stringify({ worker: 'dispatch', at: '2026-03-01T09:59:00.000Z' }) },
      { id: 'c', body: JSON.stringify({ worker: 'webhooks', at: '2026-03-01T10:20:00.000Z' }) },
      { id: 'd', body: '{not json' },
      { id: 'e', body: JSON.stringify({ worker: 'nobody', at: '2026-03-01T10:00:00.000Z' }) },
    ];
    expect(await ringAlarms(messages, bell, now)).toEqual({ failed: [] });
    expect(bell.woken).toEqual(['dispatch']);
    expect(bell.alarms).toEqual([{ worker: 'webhooks', at: '2026-03-01T10:20:00.000Z' }]);
  });

  it('reports the alarms whose ring failed, so only they come back', async () => {
    const bell: Bell = { wake: async () => Promise.reject(new Error('throttled')), alarm: async () => undefined };
    const messages = [
      { id: 'a', body: JSON.stringify({ worker: 'dispatch', at: now.toISOString() }) },
      { id: 'b', body: JSON.stringify({ worker: 'relay', at: '2026-03-01T10:05:00.000Z' }) },
    ];
    expect(await ringAlarms(messages, bell, now)).toEqual({ failed: ['a'] });
  });

  it('sweeps: wakes every worker', async () => {
    const bell = recordingBell();
    await sweep(bell);
    expect(bell.woken).toEqual(['dispatch', 'simulation', 'remittances', 'relay', 'webhooks']);
  });
});
