import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { chromiumToLaunch } from '../../scripts/chromium.ts';

describe('the Chromium the browser tests drive', () => {
  it('is CHROMIUM_PATH when set', async () => {
    const chosen = await chromiumToLaunch({ CHROMIUM_PATH: process.execPath });

    expect(chosen).toMatchObject({ executablePath: process.execPath, source: 'CHROMIUM_PATH' });
  });

  it('refuses a CHROMIUM_PATH with nothing there, naming it', async () => {
    await expect(chromiumToLaunch({ CHROMIUM_PATH: '/nonexistent/chromium' })).rejects.toThrow(
      'CHROMIUM_PATH is /nonexistent/chromium, and there is no Chromium there',
    );
  });

  it('is an executable that exists, whatever the machine has (the system’s, or the one npm installed)', async () => {
    const chosen = await chromiumToLaunch({});

    expect(existsSync(chosen.executablePath)).toBe(true);
    expect(['system', '@sparticuz/chromium']).toContain(chosen.source);
    expect(chosen.args).toContain('--disable-background-networking');
  });
});
