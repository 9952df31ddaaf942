/**
 * `npm run bench:console`: what the merchant console weighs and how soon its first page is usable on a
 * mid-range phone. Builds the app as `npm start` does, serves it from the real local server and
 * DynamoDB Local, and signs in BENCH_LOADS times (a fresh Chromium context each: no cache, no cookie)
 * under the phone profile: 360 px, CPU slowed 4× and a slow 4G network (150 ms round trip, 1.6 Mbit/s
 * down, 750 kbit/s up; the profile Lighthouse uses for mobile). "Usable" is Needs attention drawn with
 * its data: the `<h1>` shown and nothing left loading. Prints markdown tables; nothing is asserted
 * (timings are noisy on shared machines).
 */
import { cpus, tmpdir } from 'node:os';
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { buildConsole } from './console-build.ts';
import { benchMerchant } from './bench-client.ts';
import { launchChromium } from './chromium.ts';
import { quantile, startBenchService } from './bench/service.ts';

const LOADS = Number(process.env.BENCH_LOADS ?? 10);
const PHONE = { cpuSlowdown: 4, latencyMs: 150, downloadBitsPerSecond: 1_600_000, uploadBitsPerSecond: 750_000 };

const built = await buildConsole({ outDir: mkdtempSync(join(tmpdir(), 'bench-console-')) });
const service = await startBenchService({ CONSOLE_ASSETS_DIR: built.outDir });
const { rt, url } = service;

// A store with the home page at its fullest: jobs today, one waiting for a decision.
const store = await rt.stores.create({ name: 'Chai Point, MG Road', sandbox: true, creditMinor: 1_000_000 });
const merchant = benchMerchant(url, store.apiKey);
for (let i = 0; i < 5; i++) await merchant.book();

const browser = await launchChromium();
const loads: Array<{ usable: number; fcp: number; requests: number }> = [];
let otherHosts = 0;
for (let i = 0; i < LOADS; i++) {
  const context = await browser.newContext({ viewport: { width: 360, height: 780 }, locale: 'en-IN', deviceScaleFactor: 2 });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpuSlowdown });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: PHONE.latencyMs,
    downloadThroughput: PHONE.downloadBitsPerSecond / 8,
    uploadThroughput: PHONE.uploadBitsPerSecond / 8,
  });
  let requests = 0;
  page.on('request', (request) => {
    requests += 1;
    if (!request.url().startsWith(`${url}/`)) otherHosts += 1;
  });
  const { token } = await rt.sessions.createLoginLink(store.storeId);
  const started = Date.now();
  await page.goto(`${url}/console/login#t=${token}`);
  await page.locator('h1', { hasText: 'Needs attention' }).waitFor({ timeout: 60_000 });
  await page.waitForFunction(() => !document.body.textContent?.includes('Loading…'), undefined, { timeout: 60_000 });
  const usable = Date.now() - started;
  const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN);
  loads.push({ usable, fcp, requests });
  await context.close();
}
await browser.close();

const row = (name: string, values: number[]) =>
  `| ${name} | ${quantile(values, 0.5).toFixed(0)} | ${quantile(values, 0.95).toFixed(0)} | ${Math.max(...values).toFixed(0)} |`;
// What the script is made of: the view library, the core, each page, the catalogues, code shared with the service.
const groupOf = (input: string): string => {
  if (input.includes('node_modules/')) return input.replace(/^.*node_modules\/((@[^/]+\/)?[^/]+).*$/, '$1 (library)');
  const page = input.match(/^console\/src\/pages\/([^/.]+)/);
  if (page) return `page: ${page[1]}`;
  if (input.startsWith('console/src/messages/')) return 'catalogues (en, hi)';
  if (input.startsWith('console/src/ui/')) return 'core: ui';
  if (input.startsWith('console/src/')) return 'core: client, session, router, i18n';
  return `shared with the service: ${input.split('/').slice(0, 2).join('/')}`;
};
const groups = new Map<string, number>();
for (const [input, bytes] of Object.entries(built.scriptInputs)) groups.set(groupOf(input), (groups.get(groupOf(input)) ?? 0) + bytes);
const total = built.files.reduce((sum, file) => ({ bytes: sum.bytes + file.bytes, gzip: sum.gzip + file.gzipBytes }), { bytes: 0, gzip: 0 });

console.log(`
Console, local (${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}; Chromium at 360 px, CPU ${PHONE.cpuSlowdown}× slower, ${PHONE.latencyMs} ms RTT, ${PHONE.downloadBitsPerSecond / 1e6} Mbit/s down; ${LOADS} sign-ins, a fresh context each)

| File | Bytes | Gzipped |
|---|---:|---:|
${built.files.map((file) => `| \`${file.path}\` | ${file.bytes.toLocaleString('en-US')} | ${file.gzipBytes.toLocaleString('en-US')} |`).join('\n')}
| **All** | ${total.bytes.toLocaleString('en-US')} | ${total.gzip.toLocaleString('en-US')} |

| The script by source (minified, before gzip) | Bytes |
|---|---:|
${[...groups.entries()]
  .sort((a, b) => b[1] - a[1])
  .map(([group, bytes]) => `| ${group} | ${bytes.toLocaleString('en-US')} |`)
  .join('\n')}

| Sign-in to Needs attention usable (ms) | p50 | p95 | max |
|---|---:|---:|---:|
${row(
  'usable (link opened → h1 and data drawn)',
  loads.map((load) => load.usable),
)}
${row(
  'first contentful paint',
  loads.map((load) => load.fcp),
)}

Requests per sign-in: ${loads[0]?.requests ?? 0}; requests to another host: ${otherHosts}.
`);

await service.stop();
