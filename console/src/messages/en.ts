import { common } from './en/common.ts';
import { attention } from './en/attention.ts';
import { jobs } from './en/jobs.ts';
import { job } from './en/job.ts';
import { book } from './en/book.ts';
import { statement } from './en/statement.ts';
import { remittances } from './en/remittances.ts';
import { webhooks } from './en/webhooks.ts';
import { events } from './en/events.ts';
import { apiKeys } from './en/apiKeys.ts';

/** The console's English catalogue, one area per page family (messages/en/<area>.ts). */
export const en = { common, attention, jobs, job, book, statement, remittances, webhooks, events, apiKeys };

/** Every catalogue's shape: Hindi is declared with it, so a missing or extra key is a type error. */
export type Messages = typeof en;
