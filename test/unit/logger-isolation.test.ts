import { afterEach, describe, expect, it } from 'vitest';
import type { Context } from 'aws-lambda';
import { logger } from '../../functions/log/logger.ts';
import { isolated } from '../../bin/local/log-scope.ts';

// One process, several invocations (npm start): a record carries the keys and Lambda context of its own invocation only.
const context = {
  functionName: 'delivery-api-merchant',
  invokedFunctionArn: 'arn:aws:lambda:ap-south-1:000000000000:function:delivery-api-merchant',
  awsRequestId: 'req-1',
  memoryLimitInMB: '256',
  functionVersion: '$LATEST',
} as unknown as Context;

const records: Array<Record<string, unknown>> = [];
const capture = () => {
  records.length = 0;
  logger.setLogLevel('INFO');
  logger.sendTo((record) => void records.push(record));
};

afterEach(() => {
  logger.resetKeys();
  logger.sendTo(undefined);
  logger.setLogLevel('SILENT');
});

describe('isolated (npm start’s engine)', () => {
  it('logs with none of the keys or Lambda context the process’s other invocations set, across awaits, and leaves theirs alone', async () => {
    capture();
    logger.addContext(context);
    logger.appendKeys({ requestId: 'r-1', route: 'GET /v1/balance' });

    await isolated(async () => {
      await new Promise((resolve) => setImmediate(resolve));
      logger.info('worker ran', { worker: 'dispatch' });
    });
    logger.info('request');

    const [run, request] = records;
    expect(Object.keys(run!).filter((key) => /^function_|^cold_start$|^requestId$|^route$/.test(key))).toEqual([]);
    expect(run).toMatchObject({ message: 'worker ran', worker: 'dispatch', service: 'delivery-api' });
    expect(request).toMatchObject({ message: 'request', requestId: 'r-1', route: 'GET /v1/balance', function_name: 'delivery-api-merchant' });
    expect(request).not.toHaveProperty('worker');
  });
});
