import {
  APIGatewayClient,
  ConflictException,
  CreateApiKeyCommand,
  CreateUsagePlanKeyCommand,
  DeleteApiKeyCommand,
  GetApiKeysCommand,
  type ApiKey,
} from '@aws-sdk/client-api-gateway';
import { usageKeyValue } from '../../functions/core/api-key.ts';

/** Gateway keys made before the merchant authorizer: one per merchant key, named by its key id, holding the merchant key itself. */
const LEGACY_KEY_NAME = /^key_[0-9A-Za-z]{20}$/;

/** What `ensure` found or did. */
export type UsageKeyOutcome = 'present' | 'added to the plan' | 'created';

/**
 * Stores' usage keys at API Gateway. Merchant routes need a usage key; the merchant authorizer names
 * the key's store's (functions/merchant/authorizer.ts), so each store has one API Gateway key, named by
 * its store id, with a value derived from it (`usageKeyValue`), in the stack's usage plan. Merchant
 * keys are never registered at the gateway: the quota (10,000 keys a region) counts stores.
 */
export class StoreUsageKeys {
  private readonly client: APIGatewayClient;
  private readonly usagePlanId: string;

  constructor(usagePlanId: string, options: { region?: string; endpoint?: string } = {}) {
    this.usagePlanId = usagePlanId;
    this.client = new APIGatewayClient({ ...(options.region && { region: options.region }), ...(options.endpoint && { endpoint: options.endpoint }) });
  }

  /** Makes sure the store's usage key exists and is in the usage plan; safe to repeat, and to run twice at once. */
  async ensure(storeId: string): Promise<UsageKeyOutcome> {
    let outcome: UsageKeyOutcome = 'present';
    let key = await this.find(storeId);
    if (!key) {
      try {
        key = await this.client.send(
          new CreateApiKeyCommand({
            name: storeId,
            value: usageKeyValue(storeId),
            enabled: true,
            description: `Usage key of store ${storeId}, named by the merchant authorizer (not a credential)`,
            tags: { storeId },
          }),
        );
        outcome = 'created';
      } catch (error) {
        // Made meanwhile by another run: use that one.
        if (!(error instanceof ConflictException)) throw error;
        key = await this.find(storeId);
        if (!key) throw error;
      }
    }
    try {
      await this.client.send(new CreateUsagePlanKeyCommand({ usagePlanId: this.usagePlanId, keyId: key.id, keyType: 'API_KEY' }));
      if (outcome === 'present') outcome = 'added to the plan';
    } catch (error) {
      // Already in the plan.
      if (!(error instanceof ConflictException)) throw error;
    }
    return outcome;
  }

  /** The stores that have gateway keys of the old kind (one per merchant key), and how many such keys each has. */
  async legacyKeys(): Promise<Map<string, ApiKey[]>> {
    const byStore = new Map<string, ApiKey[]>();
    for await (const key of this.allKeys()) {
      const storeId = key.tags?.storeId;
      if (!key.name || !LEGACY_KEY_NAME.test(key.name) || !storeId) continue;
      byStore.set(storeId, [...(byStore.get(storeId) ?? []), key]);
    }
    return byStore;
  }

  /** Deletes a gateway key of the old kind, after making sure its store's usage key is in the plan. */
  async removeLegacyKey(storeId: string, key: ApiKey): Promise<void> {
    await this.ensure(storeId);
    await this.client.send(new DeleteApiKeyCommand({ apiKey: key.id }));
  }

  destroy(): void {
    this.client.destroy();
  }

  private async find(storeId: string): Promise<ApiKey | undefined> {
    const { items } = await this.client.send(new GetApiKeysCommand({ nameQuery: storeId, limit: 500 }));
    return (items ?? []).find((item) => item.name === storeId);
  }

  private async *allKeys(): AsyncGenerator<ApiKey> {
    let position: string | undefined;
    do {
      const page = await this.client.send(new GetApiKeysCommand({ limit: 500, position }));
      yield* page.items ?? [];
      position = page.position;
    } while (position);
  }
}
