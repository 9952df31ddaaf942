import { readdirSync } from 'node:fs';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { routes } from '../../functions/http/routes.ts';
import { BUNDLING } from '../../lib/bundling.ts';
import { buildFleetOpenApiDocument, buildOpenApiDocument, documentedRoutes, loadOperationDocs, type DocsByRoute } from '../../scripts/openapi-document.ts';
import type { OperationDoc } from '../../functions/schemas/docs/operation.ts';
import { described } from '../../functions/schemas/docs/describe.ts';

const schemasDir = new URL('../../functions/schemas/', import.meta.url);
const docs = await loadOperationDocs();
// The modules handlers import: every module of functions/schemas/ but the docs and the views.
const runtimeSchemaModules = readdirSync(schemasDir).filter((file) => file.endsWith('.ts'));
// The words only the documents may hold: the operations' prose and the schemas' descriptions (docs/*.docs.ts).
const prose = [
  ...Object.values(docs).flatMap((doc) => [doc.operationId, doc.summary, doc.description]),
  ...described.flatMap((meta) => (typeof meta.description === 'string' ? [meta.description] : [])),
];
const exampleIds = [...new Set(Object.values(docs).flatMap((doc) => [doc.requestBody, ...doc.success].flatMap((body) => (body ? idsIn(body.example) : []))))];
// Public pages (the tracking page) are web pages, described by no API document.
const routeKeys = routes.filter((route) => route.api !== 'public').map((route) => `${route.method} ${route.path}`);

const without = (key: string): DocsByRoute => Object.fromEntries(Object.entries(docs).filter(([k]) => k !== key));
const stray: OperationDoc = { operationId: 'getNothing', summary: 'Nothing', description: 'Not a route.', tag: 'Credit', success: [], errors: [] };

describe('the operation docs of the docs modules', () => {
  it('document every route of the route table, each once', () => {
    expect(Object.keys(docs).sort()).toEqual([...routeKeys].sort());
  });

  it('fail the build, naming the route, when a route of the table has no doc', async () => {
    const missing = without('GET /v1/balance');

    expect(() => documentedRoutes(routes, missing, 'merchant')).toThrow(
      'GET /v1/balance is in the route table but no functions/schemas/docs/*.docs.ts exports an operation doc for it',
    );
    await expect(buildOpenApiDocument(missing)).rejects.toThrow('GET /v1/balance is in the route table');
    await expect(buildFleetOpenApiDocument(missing)).rejects.toThrow('GET /v1/balance is in the route table');
  });

  it('fail the build, naming the route, when a doc names a route the table does not have', async () => {
    const extra = { ...docs, 'GET /v1/nothing': stray };

    expect(() => documentedRoutes(routes, extra, 'fleet')).toThrow(
      'GET /v1/nothing has an operation doc but is not in the route table (functions/http/routes.ts)',
    );
    await expect(buildOpenApiDocument(extra)).rejects.toThrow('GET /v1/nothing has an operation doc');
  });

  it('name every problem at once', () => {
    const both = { ...without('POST /fleet/v1/jobs/{id}/fail'), 'POST /fleet/v1/jobs/{id}/explode': stray };

    expect(() => documentedRoutes(routes, both, 'fleet')).toThrow(
      'Cannot describe the API:\n  POST /fleet/v1/jobs/{id}/fail is in the route table but no functions/schemas/docs/*.docs.ts exports an operation doc for it\n  POST /fleet/v1/jobs/{id}/explode has an operation doc but is not in the route table (functions/http/routes.ts)',
    );
  });

  it('give one component name to one schema only', async () => {
    const balance = docs['GET /v1/balance']!;
    const clash = { ...docs, 'GET /v1/balance': { ...balance, success: [{ ...balance.success[0]!, name: 'QuoteResponse' }] } };

    await expect(buildOpenApiDocument(clash)).rejects.toThrow(
      'POST /v1/job-quotes names another body QuoteResponse than GET /v1/balance does: one component name, one schema',
    );
  });

  // The handlers import the schema modules: none of them may carry the docs, which only the document generator imports.
  it.each(runtimeSchemaModules)('stay out of a bundle of every export of %s', async (file) => {
    const module = (await import(new URL(file, schemasDir).href)) as Record<string, unknown>;
    const exports = Object.keys(module);

    const result = await build({
      stdin: { contents: `export { ${exports.join(', ')} } from './${file}';`, resolveDir: schemasDir.pathname, loader: 'ts' },
      bundle: true,
      write: false,
      platform: 'node',
      format: 'esm',
      target: BUNDLING.target,
      minify: BUNDLING.minify,
      mainFields: [...BUNDLING.mainFields],
      metafile: true,
      // Text as written, so the docs' prose can be looked for in it.
      charset: 'utf8',
      logLevel: 'silent',
    });
    const bundle = result.outputFiles[0]!.text;

    expect(exports.length).toBeGreaterThan(0);
    expect(Object.keys(result.metafile.inputs).filter((input) => /functions\/schemas\/(docs|views)\//.test(input))).toEqual([]);
    expect(prose.filter((text) => bundle.includes(text))).toEqual([]);
    expect(exampleIds.filter((id) => bundle.includes(id))).toEqual([]);
  });

  it('give the schemas their words (the prose looked for above is there to find)', () => {
    expect(prose).toContain(
      'Indian mobile number: optional +91, 91 or 0, then ten digits starting 6-9; spaces and hyphens allowed. Returned as +91XXXXXXXXXX.',
    );
  });
});

/** Every UUID and date-time string in an example: values no schema code contains. */
function idsIn(example: unknown): string[] {
  if (typeof example === 'string') return z.uuid().safeParse(example).success || z.iso.datetime().safeParse(example).success ? [example] : [];
  if (example === null || typeof example !== 'object') return [];
  return Object.values(example).flatMap(idsIn);
}
