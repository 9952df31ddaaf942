/** `npm run openapi`: writes docs/openapi.json from the route table and the zod schemas. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { openApiJson } from './openapi-document.ts';

const target = new URL('../docs/openapi.json', import.meta.url);
mkdirSync(new URL('.', target), { recursive: true });
writeFileSync(target, openApiJson());
console.log(`Wrote ${target.pathname}`);
