import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';

/**
 * The floor of a function that talks to DynamoDB: the client and one command, nothing else. The
 * bundles benchmark builds it as every function is built and compares each function against it.
 */
const db = DynamoDBDocumentClient.from(new DynamoDBClient({}));

export const handler = async (): Promise<unknown> => db.send(new GetCommand({ TableName: process.env.TABLE_NAME, Key: { PK: 'floor', SK: 'floor' } }));
