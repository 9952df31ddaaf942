/// <reference lib="dom" />
// The listener and axe's run are the page's own code (they run in the browser): typed with the DOM's names.
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterAll, expect } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../../scripts/chromium.ts';
import type { TestServer } from './server.ts';
import type { TestTable } from './table.ts';

/** Where the console's screenshots go; the docs' copies go to docs/screenshots/console-*.png. */
export const CONSOLE_SCREENSHOTS = join(process.env.TEST_OUTPUT_DIR ?? 'test-output', 'console');

// The page's listener reports each violation as a console message with this mark, told apart from errors.
const CSP_MARK = '[csp-violation]';

// One Chromium per test file, launched by its first console and closed after the file's tests.
let browser: Browser | undefined;
afterAll(async () => {
  await browser?.close();
  browser = undefined;
});

/** A console open in a real browser, signed in for a store, and what it did that a test must see. */
export interface OpenConsole {
  page: Page;
  context: BrowserContext;
  /** Requests that left the local server (any other host, scheme or port). */
  outside: string[];
  /** Content Security Policy violations the page reported (directive and what was blocked). */
  cspViolations: string[];
  /** Console errors and uncaught exceptions. */
  consoleErrors: string[];
  /** The sign-in link the console was opened with (single use: it has been used). */
  signInLink: string;
}

export interface OpenConsoleOptions {
  storeId: string;
  /** Viewport width (default 1280). */
  width?: number;
  /** The browser's language (default en-IN); the app starts in Hindi for hi-IN unless told otherwise. */
  locale?: string;
  /** An app path to open once signed in (default: where sign-in lands, Needs attention). */
  path?: string;
}

/**
 * Opens the console for a store as a person would: a sign-in link minted as `console link` does,
 * opened in a fresh browser context (`/console/login#t=…`), then the landing page's `<h1>` waited for;
 * with `path`, that page opened next (a full load: the app renews its token from the refresh cookie).
 * Every request, console message, uncaught error and CSP violation of the context is recorded.
 */
export async function openConsole(api: { readonly table: TestTable; readonly server: TestServer }, options: OpenConsoleOptions): Promise<OpenConsole> {
  browser ??= await launchChromium();
  const width = options.width ?? 1280;
  const context = await browser.newContext({ viewport: { width, height: width < 600 ? 780 : 900 }, locale: options.locale ?? 'en-IN', deviceScaleFactor: 1 });
  // Installed before any of the app's code, in every document of the context (CDP's injection is not subject to the page's CSP).
  await context.addInitScript((mark: string) => {
    document.addEventListener('securitypolicyviolation', (event) => console.warn(`${mark} ${event.effectiveDirective} ${event.blockedURI}`));
  }, CSP_MARK);
  const page = await context.newPage();
  const opened: OpenConsole = { page, context, outside: [], cspViolations: [], consoleErrors: [], signInLink: '' };
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(`${api.server.url}/`) && !url.startsWith('data:') && !url.startsWith('blob:')) opened.outside.push(url);
  });
  page.on('console', (message) => {
    const text = message.text();
    if (text.startsWith(CSP_MARK)) opened.cspViolations.push(text.slice(CSP_MARK.length + 1));
    else if (message.type() === 'error') opened.consoleErrors.push(text);
  });
  page.on('pageerror', (error) => opened.consoleErrors.push(error.message));

  const { token } = await api.table.rt.sessions.createLoginLink(options.storeId);
  opened.signInLink = `${api.server.url}/console/login#t=${token}`;
  await page.goto(opened.signInLink);
  await appPageShown(page, (path) => path !== '/console/login');
  if (options.path) {
    const wanted = new URL(options.path, api.server.url).pathname;
    await page.goto(`${api.server.url}${options.path}`);
    await appPageShown(page, (path) => path === wanted);
  }
  return opened;
}

// Waits until the app is on a path `onPath` accepts and has drawn that page's one <h1>.
async function appPageShown(page: Page, onPath: (path: string) => boolean): Promise<void> {
  await page.waitForURL((url) => onPath(url.pathname));
  await page.locator('h1').first().waitFor();
}

/** Fails naming them if the console sent a request off the machine, met a CSP violation or logged an error. */
export function expectClean(c: Pick<OpenConsole, 'outside' | 'cspViolations' | 'consoleErrors'>): void {
  expect({ outside: c.outside, cspViolations: c.cspViolations, consoleErrors: c.consoleErrors }).toEqual({ outside: [], cspViolations: [], consoleErrors: [] });
}

const require = createRequire(import.meta.url);
let axeSource: string | undefined;

/** One accessibility finding of axe-core: its rule, impact and the elements it found. */
export interface AxeFinding {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core (from node_modules, WCAG 2.0-2.2 A and AA rules) on the page as it is now and fails
 * naming each serious or critical finding. axe is evaluated through the browser's protocol, not
 * added as a <script>: the app's CSP (`script-src 'self'`) refuses inline scripts, as it should.
 * Returns every finding, the minor and moderate ones too, for a test that wants them.
 */
export async function axeCheck(page: Page): Promise<AxeFinding[]> {
  axeSource ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const findings = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: unknown): Promise<{ violations: Array<Record<string, unknown>> }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] } });
    return result.violations.map((violation) => ({
      id: violation.id as string,
      impact: (violation.impact as string | null) ?? null,
      help: violation.help as string,
      targets: (violation.nodes as Array<{ target: unknown[] }>).map((node) => node.target.map(String).join(' ')),
    }));
  });
  expect(findings.filter((finding) => finding.impact === 'serious' || finding.impact === 'critical')).toEqual([]);
  return findings;
}

/**
 * A full-page screenshot to test-output/console/<name>.png; with `docs`, copied to
 * docs/screenshots/console-<name>.png for docs/console.md.
 */
export async function screenshot(page: Page, name: string, options: { docs?: boolean } = {}): Promise<string> {
  mkdirSync(CONSOLE_SCREENSHOTS, { recursive: true });
  const file = join(CONSOLE_SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  if (options.docs) copyFileSync(file, new URL(`../../docs/screenshots/console-${name}.png`, import.meta.url));
  return file;
}
