import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium, where a machine has one. */
const SYSTEM_CHROMIUM = '/usr/bin/chromium';

// Flags for a headless run on a machine with no network but loopback (no GPU, no background calls home).
const QUIET_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const UNWANTED_PACKAGED_ARGS = new Set(['--single-process', '--disable-web-security', '--allow-running-insecure-content']);

/**
 * Which Chromium the browser tests drive: CHROMIUM_PATH if set; else the system's; else the one the
 * npm package @sparticuz/chromium ships (unpacked on first use, ~2 s), so `npm ci && npm test` needs
 * nothing from the system's package manager.
 */
export async function chromiumToLaunch(env: NodeJS.ProcessEnv = process.env): Promise<{ executablePath: string; args: string[]; source: string }> {
  if (env.CHROMIUM_PATH) {
    if (!existsSync(env.CHROMIUM_PATH)) throw new Error(`CHROMIUM_PATH is ${env.CHROMIUM_PATH}, and there is no Chromium there`);
    return { executablePath: env.CHROMIUM_PATH, args: QUIET_ARGS, source: 'CHROMIUM_PATH' };
  }
  if (existsSync(SYSTEM_CHROMIUM)) return { executablePath: SYSTEM_CHROMIUM, args: QUIET_ARGS, source: 'system' };
  const { default: packaged } = await import('@sparticuz/chromium');
  // Its flags are made for one page per Lambda: a single process would end the browser with the first
  // page closed, and web security off is not how a person's browser runs the page.
  const args = packaged.args.filter((flag) => !UNWANTED_PACKAGED_ARGS.has(flag));
  return { executablePath: await packaged.executablePath(), args: [...new Set([...args, ...QUIET_ARGS])], source: '@sparticuz/chromium' };
}

/**
 * A fontconfig file that adds Noto Sans Devanagari (the npm devDependency @expo-google-fonts/noto-sans-devanagari)
 * to the machine's fonts: phones in India have it, fresh machines here do not, and Hindi pages would
 * render as empty boxes. The pages themselves load no font.
 */
function fontConfigFile(): string {
  const fonts = dirname(createRequire(import.meta.url).resolve('@expo-google-fonts/noto-sans-devanagari/package.json'));
  const dir = join(tmpdir(), 'delivery-api-browser-fonts');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'fonts.conf');
  writeFileSync(
    file,
    `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n` +
      `  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>\n` +
      `  <dir>${join(tmpdir(), 'fonts')}</dir>\n  <dir>${join(fonts, '400Regular')}</dir>\n  <dir>${join(fonts, '700Bold')}</dir>\n` +
      `  <cachedir>${join(dir, 'cache')}</cachedir>\n</fontconfig>\n`,
  );
  return file;
}

/** A headless Chromium for a browser test (see chromiumToLaunch for which one), with Devanagari fonts. */
export async function launchChromium(): Promise<Browser> {
  const { executablePath, args } = await chromiumToLaunch();
  return chromium.launch({ executablePath, args, headless: true, env: { ...process.env, FONTCONFIG_FILE: fontConfigFile() } });
}
