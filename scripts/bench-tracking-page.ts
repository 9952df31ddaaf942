/**
 * `npm run bench:tracking-page`: what the customer's tracking page weighs and how soon it paints
 * locally. Through the real local server and DynamoDB Local, a sandbox job is moved by the simulated
 * rider to "on its way" (rider on the map, delivery code shown: the page at its fullest); then its page
 * is weighed (HTML, CSS and JS bytes, raw and gzipped) and loaded BENCH_LOADS times at 360 px in a
 * fresh Chromium context each (no cache), recording first contentful paint, DOMContentLoaded and the
 * server's time to first byte. Prints one markdown table; nothing is asserted (timings are noisy on
 * shared machines).
 */
import { gzipSync } from 'node:zlib';
import { cpus } from 'node:os';
import { benchMerchant } from './bench-client.ts';
import { launchChromium } from './chromium.ts';
import { quantile, startBenchService } from './bench/service.ts';

const LOADS = Number(process.env.BENCH_LOADS ?? 30);

const service = await startBenchService();
const { rt, url } = service;
const { simulateTick } = await import('../functions/workers/simulation.ts');

const store = await rt.stores.create({ name: 'Chai Point, MG Road', sandbox: true, creditMinor: 1_000_000 });
const merchant = benchMerchant(url, store.apiKey);

const jobId = await merchant.book();
const job = (await rt.jobs.get(store.storeId, jobId))!;
await simulateTick(rt, new Date(Date.parse(job.createdAt) + 0.7 * rt.config.SIMULATION_SECONDS * 1000));
const link = await merchant.call(`/v1/jobs/${jobId}/tracking-link`, { method: 'POST', headers: merchant.headers });
const pageUrl = link.body.data.url as string;

// The page's weight: everything it needs is this one response.
const html = await (await fetch(pageUrl)).text();
const part = (pattern: RegExp) => html.match(pattern)?.[1] ?? '';
const css = part(/<style>([\s\S]*?)<\/style>/);
const js = part(/<script>([\s\S]*?)<\/script>/);
const bytes = (text: string) => Buffer.byteLength(text);
const weight = {
  total: bytes(html),
  css: bytes(css),
  js: bytes(js),
  svg: bytes(part(/(<svg[\s\S]*?<\/svg>)/)),
  gzip: gzipSync(html).length,
};

const browser = await launchChromium();
const paints: Array<{ fcp: number; dcl: number; ttfb: number }> = [];
let otherHosts = 0;
for (let i = 0; i < LOADS; i++) {
  const context = await browser.newContext({ viewport: { width: 360, height: 780 }, locale: 'en-IN' });
  const page = await context.newPage();
  page.on('request', (request) => {
    if (!request.url().startsWith(`${url}/`)) otherHosts += 1;
  });
  await page.goto(pageUrl, { waitUntil: 'load' });
  paints.push(
    await page.evaluate(async () => {
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      // The paint entry can land after `load` in a headless run: wait for it (buffered), at most 5 s.
      const fcp = await new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entry = list.getEntriesByName('first-contentful-paint')[0];
          if (entry) resolve(entry.startTime);
        }).observe({ type: 'paint', buffered: true });
        setTimeout(() => resolve(Number.NaN), 5_000);
      });
      return { fcp, dcl: navigation.domContentLoadedEventEnd, ttfb: navigation.responseStart - navigation.requestStart };
    }),
  );
  await context.close();
}
await browser.close();

const row = (name: string, values: number[]) =>
  `| ${name} | ${quantile(values, 0.5).toFixed(1)} | ${quantile(values, 0.95).toFixed(1)} | ${Math.max(...values).toFixed(1)} |`;

console.log(`
Tracking page, local (${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}; Chromium at 360 px, ${LOADS} loads, a fresh context each)

| Page weight | Bytes |
|---|---:|
| HTML, CSS and JS in total (one response) | ${weight.total} |
| of which CSS (inline) | ${weight.css} |
| of which JS (inline) | ${weight.js} |
| of which the SVG map | ${weight.svg} |
| gzipped (for reference: the stage does not compress) | ${weight.gzip} |

| Time (ms) | median | p95 | max |
|---|---:|---:|---:|
${row(
  'server: time to first byte',
  paints.map((p) => p.ttfb),
)}
${row(
  'first contentful paint',
  paints.map((p) => p.fcp),
)}
${row(
  'DOMContentLoaded',
  paints.map((p) => p.dcl),
)}

Requests to other hosts: ${otherHosts}`);

await service.stop();
