import { eventOutboxPuts } from '../event.repository.ts';
import { each, type JobWrite } from './context.ts';

/** The change's events, into the store's outbox (the relay places them in its feed). */
export const eventPuts: JobWrite = (_before, after, { tableName, events }) => each('event', eventOutboxPuts(tableName, after.storeId, events));
