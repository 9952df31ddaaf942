import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the proxy does to a DynamoDB call it matches. */
export type Fault =
  | { kind: 'throttle' } // 400 ProvisionedThroughputExceededException (the SDK retries it)
  | { kind: 'internal' } // 500 InternalServerError (the SDK retries it)
  | { kind: 'conflict' } // 400 TransactionCanceledException with a TransactionConflict reason
  | { kind: 'drop' } // the connection is destroyed before DynamoDB sees the call
  | { kind: 'drop-after' } // DynamoDB executes the call; its answer is lost (the connection is destroyed)
  | { kind: 'stall'; ms: number }; // the call is held, then forwarded (a slow DynamoDB)

/** A rule: which calls (by DynamoDB operation, e.g. `TransactWriteItems`; `*` for all) and how many of them (`times`, default every one). */
export interface FaultRule {
  operation: string;
  fault: Fault;
  times?: number;
}

/**
 * A fault-injecting HTTP proxy in front of DynamoDB Local, for tests only (loopback): calls pass
 * through unless a rule matches their operation (the X-Amz-Target header), in which case it answers
 * with the fault instead (or as well, for `drop-after`). `seen` counts the calls by operation.
 */
export interface FaultProxy {
  endpoint: string;
  seen: Map<string, number>;
  /** Replaces the rules (an empty list lets everything through). */
  inject(rules: FaultRule[]): void;
  close(): Promise<void>;
}

const errorBody = (type: string, message: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ __type: `com.amazonaws.dynamodb.v20120810#${type}`, message, ...extra });

function answer(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { 'Content-Type': 'application/x-amz-json-1.0', 'Content-Length': Buffer.byteLength(body), 'x-amzn-RequestId': 'fault-proxy' });
  res.end(body);
}

export async function startFaultProxy(target: string): Promise<FaultProxy> {
  const upstream = new URL(target);
  let rules: Array<FaultRule & { left: number }> = [];
  const seen = new Map<string, number>();

  const forward = (
    req: IncomingMessage,
    body: Buffer,
    onAnswer: (status: number, headers: IncomingMessage['headers'], payload: Buffer) => void,
    onError: () => void,
  ) => {
    const out = request({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers }, (upstreamRes) => {
      const chunks: Buffer[] = [];
      upstreamRes.on('data', (chunk: Buffer) => chunks.push(chunk));
      upstreamRes.on('end', () => onAnswer(upstreamRes.statusCode ?? 500, upstreamRes.headers, Buffer.concat(chunks)));
    });
    out.on('error', onError);
    out.end(body);
  };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const operation =
        String(req.headers['x-amz-target'] ?? '')
          .split('.')
          .pop() ?? '';
      seen.set(operation, (seen.get(operation) ?? 0) + 1);
      const rule = rules.find((r) => r.left > 0 && (r.operation === '*' || r.operation === operation));
      if (rule) rule.left -= 1;
      const pass = () =>
        forward(
          req,
          body,
          (status, headers, payload) => {
            res.writeHead(status, headers);
            res.end(payload);
          },
          () => res.destroy(),
        );
      if (!rule) return pass();
      switch (rule.fault.kind) {
        case 'throttle':
          return answer(
            res,
            400,
            errorBody('ProvisionedThroughputExceededException', 'The level of configured provisioned throughput for the table was exceeded.'),
          );
        case 'internal':
          return answer(res, 500, errorBody('InternalServerError', 'Internal server error'));
        case 'conflict':
          return answer(
            res,
            400,
            errorBody('TransactionCanceledException', 'Transaction cancelled, please refer cancellation reasons for specific reasons [TransactionConflict]', {
              CancellationReasons: [{ Code: 'TransactionConflict', Message: 'Transaction is ongoing for the item' }],
            }),
          );
        case 'drop':
          return req.socket.destroy();
        case 'drop-after':
          return forward(
            req,
            body,
            () => req.socket.destroy(),
            () => req.socket.destroy(),
          );
        case 'stall':
          return void setTimeout(pass, rule.fault.ms);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    seen,
    inject: (next) => {
      rules = next.map((rule) => ({ ...rule, left: rule.times ?? Number.POSITIVE_INFINITY }));
    },
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
