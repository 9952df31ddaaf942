import type { EventType } from '../core/event.ts';
import type { StoredSecret, WebhookEndpoint } from '../core/webhook.ts';
import { TableRepository } from './repository.ts';
import { keys } from './table.ts';

/** An endpoint as stored, with the version its changes are conditioned on. */
export interface StoredEndpoint extends WebhookEndpoint {
  version: number;
  /** Until when the sender leaves its deliveries alone after one went unanswered (null: it is not backed off). */
  backoffUntil: string | null;
}

/** An endpoint item as the repositories answer it. */
export function toEndpoint(item: Record<string, unknown>): StoredEndpoint {
  return {
    id: item.endpointId as string,
    storeId: item.storeId as string,
    url: item.url as string,
    eventTypes: (item.eventTypes as EventType[] | null) ?? null,
    description: (item.description as string | null) ?? null,
    status: item.status as StoredEndpoint['status'],
    secrets: item.secrets as StoredSecret[],
    failingSince: (item.failingSince as string | null) ?? null,
    createdAt: item.createdAt as string,
    updatedAt: item.updatedAt as string,
    version: item.version as number,
    backoffUntil: (item.backoffUntil as string | null | undefined) ?? null,
  };
}

/**
 * Reads a store's webhook endpoints, and nothing more: the event relay's part, so the scheduled
 * workers' bundle carries no endpoint writes and no delivery worklist (WebhookRepository does the rest).
 */
export class WebhookEndpointReader extends TableRepository {
  /** The store's endpoints, oldest first. */
  async list(storeId: string): Promise<StoredEndpoint[]> {
    const items = await this.queryAll({
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.webhookCount(storeId).PK, ':prefix': keys.webhookEndpointPrefix },
      ConsistentRead: true,
    });
    return items.map(toEndpoint).sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  }
}
