import { workerHandler } from '../../engine/lambda.ts';
import { baseRuntime, eventsPart, webhooksPart, withParts } from '../../runtime.ts';
import { deliverPass } from '../../webhooks/deliver.ts';
import { webhookSecretsPart } from '../../data/secret-keys.ts';

/** The webhook sender on AWS, woken by the relay, redeliveries by hand and retries' alarms. */
export const handler = workerHandler(
  'webhooks',
  () => withParts(baseRuntime(), { webhooks: webhooksPart, events: eventsPart, webhookSecrets: webhookSecretsPart }),
  deliverPass,
);
