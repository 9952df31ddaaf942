import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** An API key as the stand-in holds it (API Gateway's ApiKey, the fields the admin CLI uses). */
export interface GatewayKey {
  id: string;
  name: string;
  value: string;
  enabled: boolean;
  description?: string;
  tags: Record<string, string>;
}

/** One request the stand-in served: method, path with query, and the JSON body. */
export interface GatewayCall {
  method: string;
  path: string;
  body: Record<string, unknown> | null;
}

/**
 * A stand-in for API Gateway's management API (AWS is not reachable here), with its state: API keys
 * and usage plans' keys. It answers the calls the admin CLI makes as API Gateway does: key values
 * are unique (409 ConflictException), a key is in a plan once (409), GetApiKeys filters by name
 * prefix and pages (at most `pageSize` a page, whatever `limit` asks), deleting a key takes it out
 * of every plan. `refuse` makes the next calls to a path prefix fail with 400.
 */
export class GatewayStandIn {
  readonly keys = new Map<string, GatewayKey>();
  readonly plans = new Map<string, Set<string>>();
  readonly calls: GatewayCall[] = [];
  refuse: { pathPrefix: string; message: string } | null = null;
  pageSize = 500;
  private server: Server | undefined;
  private nextId = 1;

  url = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk) => (raw += chunk));
      req.on('end', () => this.serve(req.method!, new URL(req.url!, 'http://gateway'), raw, res));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise((resolve) => this.server?.close(resolve));
  }

  reset(): void {
    this.keys.clear();
    this.plans.clear();
    this.calls.length = 0;
    this.refuse = null;
    this.pageSize = 500;
  }

  /** Puts a key straight into the state (as an earlier deploy left it), optionally in a plan. */
  seed(key: Omit<GatewayKey, 'id'>, planId?: string): GatewayKey {
    const stored = { ...key, id: `gw-${this.nextId++}` };
    this.keys.set(stored.id, stored);
    if (planId) this.planKeys(planId).add(stored.id);
    return stored;
  }

  keysInPlan(planId: string): GatewayKey[] {
    return [...this.planKeys(planId)].map((id) => this.keys.get(id)!);
  }

  private planKeys(planId: string): Set<string> {
    if (!this.plans.has(planId)) this.plans.set(planId, new Set());
    return this.plans.get(planId)!;
  }

  private serve(method: string, url: URL, raw: string, res: ServerResponse): void {
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
    this.calls.push({ method, path: url.pathname + url.search, body });
    const reply = (status: number, payload: unknown, errorType?: string) => {
      res.writeHead(status, { 'Content-Type': 'application/json', ...(errorType && { 'x-amzn-errortype': errorType }) });
      res.end(payload === undefined ? '' : JSON.stringify(payload));
    };
    if (this.refuse && url.pathname.startsWith(this.refuse.pathPrefix)) return reply(400, { message: this.refuse.message }, 'BadRequestException');
    const plan = /^\/usageplans\/([^/]+)\/keys$/.exec(url.pathname);

    if (method === 'POST' && url.pathname === '/apikeys') {
      const value = String(body!.value);
      if ([...this.keys.values()].some((k) => k.value === value)) return reply(409, { message: 'API Key already exists' }, 'ConflictException');
      const key = this.seed({
        name: String(body!.name),
        value,
        enabled: body!.enabled === true,
        description: body!.description as string | undefined,
        tags: (body!.tags ?? {}) as Record<string, string>,
      });
      return reply(201, key);
    }
    if (method === 'GET' && url.pathname === '/apikeys') {
      const name = url.searchParams.get('name') ?? '';
      const limit = Math.min(Number(url.searchParams.get('limit') ?? 25), this.pageSize);
      const start = Number(url.searchParams.get('position') ?? 0);
      const includeValues = url.searchParams.get('includeValues') === 'true';
      const matching = [...this.keys.values()].filter((k) => k.name.startsWith(name));
      const page = matching.slice(start, start + limit).map(({ value, ...rest }) => (includeValues ? { ...rest, value } : rest));
      return reply(200, { item: page, ...(start + limit < matching.length && { position: String(start + limit) }) });
    }
    if (method === 'POST' && plan) {
      const keyId = String(body!.keyId);
      const key = this.keys.get(keyId);
      if (!key) return reply(404, { message: 'Invalid API Key identifier specified' }, 'NotFoundException');
      const keys = this.planKeys(plan[1]!);
      if (keys.has(keyId)) return reply(409, { message: 'Usage Plan Key already exists' }, 'ConflictException');
      keys.add(keyId);
      return reply(201, { id: keyId, type: 'API_KEY', name: key.name });
    }
    const deleted = /^\/apikeys\/([^/]+)$/.exec(url.pathname);
    if (method === 'DELETE' && deleted) {
      if (!this.keys.delete(deleted[1]!)) return reply(404, { message: 'Invalid API Key identifier specified' }, 'NotFoundException');
      for (const keys of this.plans.values()) keys.delete(deleted[1]!);
      return reply(202, undefined);
    }
    return reply(404, { message: `not served by the stand-in: ${method} ${url.pathname}` }, 'NotFoundException');
  }
}
