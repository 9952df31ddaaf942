import type { TestProject } from 'vitest/node';
import { freePort } from '../bin/local/net.ts';
import { startDynamoDbLocal } from '../bin/local/dynamodb-local.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildConsole } from '../scripts/console-build.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoEndpoint: string;
    /** The console web app built for this run (functions/console/assets.ts serves it from here). */
    consoleAssetsDir: string;
  }
}

/**
 * Starts one in-memory DynamoDB Local for the whole run (or uses DYNAMODB_ENDPOINT if set);
 * each test file then works in its own table. Builds the console web app once, into a directory of
 * the run's own, for the local servers to serve at /console/.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const consoleDir = mkdtempSync(join(tmpdir(), 'console-build-'));
  // A console that does not build (its pages part way written) fails only the tests that load it, each naming the missing build.
  await buildConsole({ outDir: consoleDir }).catch((error: unknown) =>
    console.error(`The console did not build; /console/ answers 500 in this run: ${String(error)}`),
  );
  project.provide('consoleAssetsDir', consoleDir);
  const removeConsole = () => rmSync(consoleDir, { recursive: true, force: true });
  const external = process.env.DYNAMODB_ENDPOINT;
  if (external) {
    project.provide('dynamoEndpoint', external);
    return async () => removeConsole();
  }
  const dynamo = await startDynamoDbLocal({ port: await freePort() });
  project.provide('dynamoEndpoint', dynamo.endpoint);
  return async () => {
    removeConsole();
    await dynamo.stop();
  };
}
