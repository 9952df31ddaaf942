import type { Messages } from './en.ts';
import { common } from './hi/common.ts';
import { attention } from './hi/attention.ts';
import { jobs } from './hi/jobs.ts';
import { job } from './hi/job.ts';
import { book } from './hi/book.ts';
import { statement } from './hi/statement.ts';
import { remittances } from './hi/remittances.ts';
import { webhooks } from './hi/webhooks.ts';
import { events } from './hi/events.ts';
import { apiKeys } from './hi/apiKeys.ts';

/** The console's Hindi catalogue (हिन्दी). */
export const hi: Messages = { common, attention, jobs, job, book, statement, remittances, webhooks, events, apiKeys };
