import type { EngineConfig } from '../config.ts';
import { logger } from '../log/logger.ts';
import { awsPost } from './aws-request.ts';
import { WORKER_FUNCTION_ENV, type WorkerName } from './rings.ts';

/**
 * How the engine starts a worker: `wake` runs it now, `alarm` runs it at `at` (or soon after). Both
 * may ring more than once, or for nothing: every worker pass is safe to repeat and to run beside
 * another, and the sweep catches a ring that is lost.
 */
export interface Bell {
  wake(worker: WorkerName): Promise<void>;
  alarm(worker: WorkerName, at: Date): Promise<void>;
}

/** An alarm on the alarm queue: which worker, and when (its message body). */
export interface AlarmMessage {
  worker: WorkerName;
  at: string;
}

/** SQS's longest delay of a message (15 minutes); an alarm further out is sent again when it arrives. */
export const MAX_DELAY_SECONDS = 900;

/** The delay of an alarm's message: whole seconds until `at`, within SQS's 0 to 900. */
export function delaySecondsOf(at: Date, now: Date): number {
  return Math.min(MAX_DELAY_SECONDS, Math.max(0, Math.ceil((at.getTime() - now.getTime()) / 1000)));
}

/**
 * The bell on AWS: a wake is an asynchronous Invoke of the worker's function (Lambda queues it and
 * retries a throttled one), an alarm a delayed message on the alarm queue (SQS's JSON protocol), which
 * the doorbell turns into a wake. What the stack did not wire (a worker's function, the queue) is logged and not rung:
 * the sweep still runs every worker each minute.
 */
export function awsBell(config: EngineConfig, post = awsPost): Bell {
  const region = config.AWS_REGION;
  return {
    async wake(worker) {
      const name = config[WORKER_FUNCTION_ENV[worker]];
      if (!name) return logger.warn('worker not wired', { worker, env: WORKER_FUNCTION_ENV[worker] });
      const url = new URL(`https://lambda.${region}.amazonaws.com/2015-03-31/functions/${encodeURIComponent(name)}/invocations`);
      const body = JSON.stringify({ source: 'bell', worker });
      await post({ service: 'lambda', region, url, headers: { 'x-amz-invocation-type': 'Event', 'content-type': 'application/json' }, body });
    },
    async alarm(worker, at) {
      if (!config.ALARM_QUEUE_URL) return logger.warn('alarm queue not wired', { worker, at: at.toISOString() });
      const message: AlarmMessage = { worker, at: at.toISOString() };
      const body = JSON.stringify({ QueueUrl: config.ALARM_QUEUE_URL, MessageBody: JSON.stringify(message), DelaySeconds: delaySecondsOf(at, new Date()) });
      const url = new URL(config.ALARM_QUEUE_URL);
      url.pathname = '/';
      const headers = { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': 'AmazonSQS.SendMessage' };
      await post({ service: 'sqs', region, url, headers, body });
    },
  };
}
