import {
  APIGatewayClient,
  CreateApiKeyCommand,
  CreateUsagePlanKeyCommand,
  DeleteApiKeyCommand,
  GetApiKeysCommand,
  UpdateApiKeyCommand,
} from '@aws-sdk/client-api-gateway';

/**
 * Merchant keys as API Gateway knows them. Every merchant route requires a key registered with the stack's
 * usage plan (the coarse per-key throttle in front of the exact per-store limits), so the admin CLI
 * registers each key it creates and disables each key it revokes. The gateway key is named by our
 * key id; its value is the merchant's key, which we never store (DynamoDB keeps only its SHA-256).
 */
export class UsagePlanKeys {
  private readonly client: APIGatewayClient;
  private readonly usagePlanId: string;

  constructor(usagePlanId: string, options: { region?: string; endpoint?: string } = {}) {
    this.usagePlanId = usagePlanId;
    this.client = new APIGatewayClient({ ...(options.region && { region: options.region }), ...(options.endpoint && { endpoint: options.endpoint }) });
  }

  /** Registers a new key with the usage plan; a half-made registration is undone. */
  async register(key: { keyId: string; storeId: string; apiKey: string }): Promise<void> {
    const created = await this.client.send(
      new CreateApiKeyCommand({
        name: key.keyId,
        value: key.apiKey,
        enabled: true,
        description: `Merchant key of ${key.storeId}`,
        tags: { storeId: key.storeId },
      }),
    );
    try {
      await this.client.send(new CreateUsagePlanKeyCommand({ usagePlanId: this.usagePlanId, keyId: created.id, keyType: 'API_KEY' }));
    } catch (error) {
      await this.client.send(new DeleteApiKeyCommand({ apiKey: created.id }));
      throw error;
    }
  }

  /** Disables the gateway key named by our key id (a no-op if it was never registered). */
  async disable(keyId: string): Promise<boolean> {
    const { items } = await this.client.send(new GetApiKeysCommand({ nameQuery: keyId, limit: 10 }));
    const matches = (items ?? []).filter((item) => item.name === keyId);
    for (const item of matches) {
      await this.client.send(new UpdateApiKeyCommand({ apiKey: item.id, patchOperations: [{ op: 'replace', path: '/enabled', value: 'false' }] }));
    }
    return matches.length > 0;
  }

  destroy(): void {
    this.client.destroy();
  }
}
