/** `npm run openapi`: writes docs/openapi.json, docs/fleet-openapi.json and the client types examples/api.d.ts, examples/fleet-api.d.ts from the code. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { clientTypes, fleetOpenApiJson, openApiJson } from './openapi-document.ts';

for (const [target, contents] of [
  [new URL('../docs/openapi.json', import.meta.url), await openApiJson()],
  [new URL('../docs/fleet-openapi.json', import.meta.url), await fleetOpenApiJson()],
  [new URL('../examples/api.d.ts', import.meta.url), await clientTypes('merchant')],
  [new URL('../examples/fleet-api.d.ts', import.meta.url), await clientTypes('fleet')],
] as const) {
  mkdirSync(new URL('.', target), { recursive: true });
  writeFileSync(target, contents);
  console.log(`Wrote ${target.pathname}`);
}
