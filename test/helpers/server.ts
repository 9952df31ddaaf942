import type { Server } from 'node:http';
import { afterAll, beforeAll, inject } from 'vitest';
import { createTestTable, type TestTable } from './table.ts';
import { assertMatchesContract } from './contract.ts';
import { startHttpServer } from '../../bin/local/http-server.ts';

/** The real local server on a free port, serving the route table's handler modules. */
export interface TestServer {
  url: string;
  close(): Promise<void>;
  /** fetch against the server with a relative path; the response is checked against docs/openapi.json. */
  request(path: string, init?: RequestInit): Promise<Response>;
}

/** Starts the local HTTP server in this worker (call after createTestTable so handlers use its table). */
export async function startTestServer(): Promise<TestServer> {
  // The console web app, as the run's global setup built it.
  process.env.CONSOLE_ASSETS_DIR ||= inject('consoleAssetsDir');
  const { server, url } = await startHttpServer({ host: '127.0.0.1', port: 0 });
  return {
    url,
    close: () => closeServer(server),
    // Every response of every HTTP-level test is held to the API description.
    request: async (path, init) => {
      const response = await fetch(`${url}${path}`, init);
      const body = await response.text();
      assertMatchesContract({ method: init?.method ?? 'GET', path: new URL(path, url).pathname }, { status: response.status, headers: response.headers, body });
      return new Response(body.length > 0 ? body : null, { status: response.status, statusText: response.statusText, headers: response.headers });
    },
  };
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
}

/** A response's status, the headers a test cares about, and its parsed JSON body. */
export async function readResponse(response: Response): Promise<{ status: number; headers: Headers; body: unknown }> {
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text.length > 0 ? JSON.parse(text) : null };
}

/**
 * Gives a test file its own table and a local server using it, created before its tests and
 * removed after them. Read `table` and `server` inside tests (they exist once beforeAll ran).
 * `stream: true` for a file that runs the local engine (createTestTable). `env`: configuration for
 * this file's handlers (functions/config.ts), e.g. `{ CONSOLE_ACCESS_TOKEN_SECONDS: '5' }`; set
 * before anything reads it (each file runs in a worker of its own).
 */
export function useLocalApi(options: { stream?: boolean; env?: Record<string, string> } = {}): { readonly table: TestTable; readonly server: TestServer } {
  const context = {} as { table: TestTable; server: TestServer };
  beforeAll(async () => {
    Object.assign(process.env, options.env);
    context.table = await createTestTable({ stream: options.stream });
    context.server = await startTestServer();
  });
  afterAll(async () => {
    await context.server?.close();
    await context.table?.drop();
  });
  return context;
}
