/**
 * `npm run bench:idle`: the table calls of the local engine with no traffic, as `npm start` runs it
 * (DynamoDB Local, a fresh table with the seed zones, the engine's stream reader, alarms and its sweep
 * a minute), for BENCH_SECONDS (60 by default; `npm run bench:idle -- 120` also works). Prints the
 * table calls a minute and a sweep's calls. Stream reads go through their own client and are not
 * counted: on AWS the event source mapping reads the stream at no charge.
 */
import { randomUUID } from 'node:crypto';
import { startBenchService } from './bench/service.ts';

const SECONDS = Number(process.argv[2] ?? process.env.BENCH_SECONDS ?? 60);

const service = await startBenchService({ WEBHOOK_SECRETS_KEY: randomUUID() + randomUUID(), LOG_LEVEL: 'SILENT', POWERTOOLS_LOG_LEVEL: 'SILENT' });
const { startEngine } = await import('../bin/local/engine.ts');
const { dynamoCallScope, newDynamoTally } = await import('../functions/data/client.ts');

const tally = newDynamoTally();
const sweepsAt: number[] = [];
const errors: unknown[] = [];
const engine = dynamoCallScope.run(tally, () => startEngine(service.rt, { onError: (error) => errors.push(error), onSweep: () => sweepsAt.push(tally.calls) }));
await engine.ready;
const startCalls = tally.calls;
const started = performance.now();
console.log(`bench:idle: the local engine on an idle table for ${SECONDS} s (the start's sweep: ${startCalls} calls) …`);
await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
const calls = tally.calls - startCalls;
const minutes = (performance.now() - started) / 60_000;
await engine.stop();
await service.stop();

const perSweep = sweepsAt.map((at, i) => at - (i === 0 ? startCalls : sweepsAt[i - 1]!));
console.log(`Idle table calls: ${calls} in ${(minutes * 60).toFixed(0)} s = ${(calls / minutes).toFixed(1)} a minute`);
console.log(`  sweeps: ${sweepsAt.length} (the start's one not counted), calls each: ${perSweep.join(', ') || '—'}; read units ${tally.readUnits.toFixed(1)}`);
if (errors.length > 0) console.error('Engine errors:', errors);
process.exit(errors.length === 0 ? 0 : 1);
