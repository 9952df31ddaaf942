/**
 * `node:http` as the bundles take it (lib/bundling.ts aliases the module to this file). A bundle is
 * ESM, and an ESM import of `node:http` has Node build the module's ESM face, which reads every
 * export, the lazy ones too: that loads undici (fetch's HTTP client), about 15 ms of every cold
 * start, for nothing. The module itself, taken as CommonJS code takes it, costs nothing of the kind.
 * It names what the bundled code imports (a name missing here fails the build).
 */
const nodeHttp = process.getBuiltinModule('node:http');

export const { STATUS_CODES, request, Agent } = nodeHttp;
export default nodeHttp;
