import { afterEach, describe, expect, it } from 'vitest';
import type { Context } from 'aws-lambda';
import { logger } from '../../functions/log/logger.ts';

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

describe('logger.isolated', () => {
  it('logs with none of the keys or Lambda context the process’s other invocations set, across awaits, and leaks none back', async () => {
    capture();
    logger.addContext(context);
    logger.appendKeys({ requestId: 'r-1', route: 'GET /v1/balance' });

    await logger.isolated(async () => {
      await new Promise((resolve) => setImmediate(resolve));
      // A request arriving meanwhile sets its keys on the process's logger.
      logger.info('worker ran', { worker: 'dispatch' });
      logger.appendKeys({ worker: 'dispatch' });
      logger.info('worker ran again');
    });
    logger.info('request');

    const [run, again, request] = records;
    expect(Object.keys(run!).filter((key) => /^function_|^cold_start$|^requestId$|^route$/.test(key))).toEqual([]);
    expect(run).toMatchObject({ message: 'worker ran', worker: 'dispatch', service: 'delivery-api' });
    expect(again).toMatchObject({ message: 'worker ran again', worker: 'dispatch' });
    expect(again).not.toHaveProperty('requestId');
    expect(request).toMatchObject({ message: 'request', requestId: 'r-1', route: 'GET /v1/balance', function_name: 'delivery-api-merchant' });
    expect(request).not.toHaveProperty('worker');
  });
});
