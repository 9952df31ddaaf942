import type { TestProject } from 'vitest/node';
import { freePort } from '../bin/local/net.ts';
import { startDynamoDbLocal } from '../bin/local/dynamodb-local.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoEndpoint: string;
  }
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
