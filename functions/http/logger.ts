import { Logger } from '@aws-lambda-powertools/logger';
import { redactReplacer } from './redact.ts';

/**
 * The structured logger every function uses. Level comes from LOG_LEVEL (or POWERTOOLS_LOG_LEVEL);
 * every record passes the redacting replacer, so keys and phone numbers cannot reach the logs.
 */
export const logger = new Logger({
  serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'delivery-api',
  jsonReplacerFn: redactReplacer,
  // A deployed function's stage (the custom metrics' Stage dimension is read from it); none locally.
  ...(process.env.STAGE && { persistentKeys: { stage: process.env.STAGE } }),
});
