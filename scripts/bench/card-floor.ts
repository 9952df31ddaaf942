import middy from '@middy/core';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import { Logger } from '@aws-lambda-powertools/logger';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';

/**
 * The floor of a function built from the design card's parts: the DynamoDB client and one command
 * (as the floor), with the powertools logger, Middy with its header normaliser, and a path
 * validated by zod's smallest build (`zod/mini`, in English). No function of ours can be lighter than this
 * without leaving one of those parts; the bundles benchmark builds and times it beside the floor.
 */
z.config(en());
const db = DynamoDBDocumentClient.from(new DynamoDBClient({}));
const logger = new Logger({ serviceName: 'floor' });
const Path = z.object({ id: z.string().check(z.minLength(1)) });

export const handler = middy(async (event: { pathParameters?: Record<string, string> }) => {
  const { id } = Path.parse(event.pathParameters ?? {});
  logger.info('request', { id });
  return db.send(new GetCommand({ TableName: process.env.TABLE_NAME, Key: { PK: id, SK: id } }));
}).use(httpHeaderNormalizer());
