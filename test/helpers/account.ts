import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for the two account APIs the preflight reads besides API Gateway's keys (AWS is not
 * reachable here), answering as they do: Lambda's GetAccountSettings (REST JSON,
 * GET /2016-08-19/account-settings) and SSM's GetParameter (JSON 1.1, X-Amz-Target
 * AmazonSSM.GetParameter; ParameterNotFound when the parameter is not there).
 */
export class AccountStandIn {
  concurrency = { limit: 10, unreserved: 10 };
  readonly parameters = new Map<string, string>();
  readonly calls: string[] = [];
  url = '';
  private server: Server | undefined;

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk) => (raw += chunk));
      req.on('end', () => {
        const reply = (status: number, body: unknown, contentType = 'application/json') => {
          res.writeHead(status, { 'Content-Type': contentType });
          res.end(JSON.stringify(body));
        };
        const target = req.headers['x-amz-target'];
        this.calls.push(target ? String(target) : `${req.method} ${req.url}`);
        if (req.method === 'GET' && req.url === '/2016-08-19/account-settings')
          return reply(200, {
            AccountLimit: {
              ConcurrentExecutions: this.concurrency.limit,
              UnreservedConcurrentExecutions: this.concurrency.unreserved,
              CodeSizeUnzipped: 262144000,
              CodeSizeZipped: 52428800,
              TotalCodeSize: 80530636800,
            },
            AccountUsage: { FunctionCount: 0, TotalCodeSize: 0 },
          });
        if (target === 'AmazonSSM.GetParameter') {
          const { Name } = JSON.parse(raw) as { Name: string };
          const value = this.parameters.get(Name);
          if (value === undefined) return reply(400, { __type: 'ParameterNotFound', message: '' }, 'application/x-amz-json-1.1');
          return reply(200, { Parameter: { Name, Type: 'String', Value: value, Version: 1 } }, 'application/x-amz-json-1.1');
        }
        reply(404, { message: `No stand-in for ${req.method} ${req.url}` });
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise((resolve) => this.server?.close(resolve));
  }

  reset(): void {
    this.concurrency = { limit: 10, unreserved: 10 };
    this.parameters.clear();
    this.calls.length = 0;
  }
}
