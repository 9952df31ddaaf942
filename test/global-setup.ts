import type { TestProject } from 'vitest/node';
import { createServer } from 'node:net';
import { startDynamoDbLocal } from '../bin/local/dynamodb-local.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoEndpoint: string;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts one in-memory DynamoDB Local for the whole run (or uses DYNAMODB_ENDPOINT if set);
 * each test file then works in its own table.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const external = process.env.DYNAMODB_ENDPOINT;
  if (external) {
    project.provide('dynamoEndpoint', external);
    return async () => undefined;
  }
  const dynamo = await startDynamoDbLocal({ port: await freePort() });
  project.provide('dynamoEndpoint', dynamo.endpoint);
  return () => dynamo.stop();
}
