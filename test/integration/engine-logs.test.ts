import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEngine, type LocalEngine } from '../../bin/local/engine.ts';
import { logger } from '../../functions/log/logger.ts';
import { ENGINE_MESSAGES } from '../../functions/engine/messages.ts';
import { newMerchant } from '../helpers/merchant.ts';
import { useLocalApi } from '../helpers/server.ts';

/**
 * Issue 33 §4 (Info): under npm start the requests and the background engine share one process and one
 * logger, so a worker's record carried the last request's Lambda context (function_name, function_request_id)
 * and keys (requestId, route, storeId). Each worker run, sweep and stream read now logs as an invocation
 * of its own, as on AWS; requests keep theirs.
 */
process.env.SIMULATION_SECONDS = '3';
const api = useLocalApi({ stream: true });

const REQUEST_KEYS = ['function_name', 'function_request_id', 'function_arn', 'function_memory_size', 'cold_start', 'requestId', 'route', 'storeId', 'keyId'];
const records: Array<Record<string, unknown>> = [];
let engine: LocalEngine;

beforeAll(async () => {
  logger.setLogLevel('INFO');
  // As npm start does: every record to a sink (its terminal and api.log).
  logger.sendTo((record) => void records.push(record));
  engine = startEngine(api.table.rt, { onError: (error) => records.push({ message: 'engine error', error: String(error) }), sweepMs: 3_600_000 });
  await engine.ready;
});

afterAll(async () => {
  await engine?.stop();
  logger.sendTo(undefined);
  logger.setLogLevel('SILENT');
});

describe('the background engine’s log records under npm start', () => {
  it('carry no request’s Lambda context or keys, while the requests’ records keep theirs', async () => {
    const merchant = await newMerchant(api.table.rt, api.server, { sandbox: true });
    records.length = 0;

    // Requests, then the work they started (dispatch, the relay, the simulated rider), and a sweep.
    await merchant.bookJob();
    await merchant.get('/v1/balance');
    await engine.idle();
    await engine.sweep();
    await merchant.get('/v1/balance');
    await engine.idle();

    const requests = records.filter((record) => record.message === 'request');
    const background = records.filter((record) => record.message === ENGINE_MESSAGES.run || record.message === ENGINE_MESSAGES.sweep);
    expect(requests.length).toBeGreaterThanOrEqual(3);
    for (const request of requests)
      expect(request).toMatchObject({ requestId: expect.any(String), route: expect.any(String), function_name: expect.any(String) });
    expect(background.filter((record) => record.message === ENGINE_MESSAGES.run).length).toBeGreaterThan(0);
    expect(background.filter((record) => record.message === ENGINE_MESSAGES.sweep).length).toBeGreaterThan(0);
    expect(background.map((record) => REQUEST_KEYS.filter((key) => key in record)).filter((keys) => keys.length > 0)).toEqual([]);
    expect(records.filter((record) => record.message === 'engine error')).toEqual([]);
  });
});
