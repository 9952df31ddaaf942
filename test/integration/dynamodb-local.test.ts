import { describe, expect, it } from 'vitest';
import { freePort } from '../../bin/local/net.ts';
import { dynamoDbLocalArgs, startDynamoDbLocal } from '../../bin/local/dynamodb-local.ts';

describe('the bundled DynamoDB Local', () => {
  it('runs with one shared database and its telemetry off, so nothing it does leaves the machine', () => {
    const args = dynamoDbLocalArgs({ port: 8123 });

    expect(args).toEqual(expect.arrayContaining(['-inMemory', '-sharedDb', '-disableTelemetry']));
    expect(args.slice(args.indexOf('-port'), args.indexOf('-port') + 2)).toEqual(['-port', '8123']);
    expect(dynamoDbLocalArgs({ port: 1, dataDir: '.data/x' })).toEqual(expect.arrayContaining(['-dbPath', expect.stringMatching(/\/\.data\/x$/)]));
  });

  it('starts on the port asked for, answers on 127.0.0.1 and stops', async () => {
    const port = await freePort();

    const local = await startDynamoDbLocal({ port });
    await local.stop();

    expect(local.endpoint).toBe(`http://127.0.0.1:${port}`);
    expect(local.process.spawnargs).toContain('-disableTelemetry');
    expect(local.process.exitCode !== null || local.process.signalCode !== null).toBe(true);
  });
});
