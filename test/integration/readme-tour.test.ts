import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { useLocalApi } from '../helpers/server.ts';
import { useMerchant } from '../helpers/merchant.ts';
import { readProjectFile } from '../helpers/project-docs.ts';
import { buildPincodeTable } from '../../bin/local/pincode-table.ts';

/**
 * The README's curl tour: one variable (`BASE`, from `PORT` as npm start reads it) says where the server
 * is, and its lines work as written, run by bash against the real local server on a port of its own.
 */
const api = useLocalApi();
const shop = useMerchant(api);
const run = promisify(execFile);

const readme = readProjectFile('README.md');
const shellLines = [...readme.matchAll(/```sh\n([\s\S]*?)```/g)].flatMap((block) => block[1]!.split('\n'));
const curlLines = shellLines.filter((line) => line.trimStart().startsWith('curl '));
const baseLine = shellLines.find((line) => line.startsWith('BASE='))!;

/** A README line run by bash as the tour runs it: the BASE line first, npm start's port in PORT, the key in KEY. */
async function runLine(line: string): Promise<string> {
  const port = new URL(api.server.url).port;
  const script = `${baseLine}\n${line.replace(/\s+#.*$/, '')}`;
  const { stdout } = await run('bash', ['-c', script], { env: { ...process.env, PORT: port, KEY: shop.merchant.apiKey } });
  return stdout;
}

describe('the README’s curl tour', () => {
  it('sets where the server is once, from PORT (3000 unless moved), and every curl line uses it', () => {
    expect(baseLine).toMatch(/^BASE=http:\/\/localhost:\$\{PORT:-3000\}(\s|$)/);
    expect(shellLines.filter((line) => line.startsWith('BASE='))).toHaveLength(1);
    expect(curlLines.length).toBeGreaterThan(15);
    expect(curlLines.filter((line) => !line.includes('"$BASE/'))).toEqual([]);
    expect(curlLines.filter((line) => /localhost:\d|127\.0\.0\.1:\d/.test(line))).toEqual([]);
  });

  it('works as written on a server moved to another port', async () => {
    const balance = curlLines.find((line) => line.includes('/v1/balance'))!;
    const error = curlLines.find((line) => line.includes('"tip": 5'))!;

    expect(JSON.parse(await runLine(balance))).toEqual({
      data: { apiEnabled: true, balanceMinor: 100_000, reservedMinor: 0, availableMinor: 100_000, currency: 'INR' },
    });
    expect(JSON.parse(await runLine(error))).toMatchObject({ code: 'validation_error', details: { fieldErrors: { tip: ['Unknown field'] } } });
    expect(new URL(api.server.url).port).not.toBe('3000');
  });

  it('checks serviceability as written: a pincode and a route with a DIGIPIN, answered in order', async () => {
    const check = curlLines.find((line) => line.includes('/v1/serviceability'))!;
    await buildPincodeTable(api.table.rt, { ifStale: false });

    const answer = JSON.parse(await runLine(check)) as { data: Array<{ status: string; coverageBasis: string }>; zoneCatalogVersion: string };

    expect(answer.data.map((result) => [result.status, result.coverageBasis])).toEqual([
      ['serviceable', 'pincode'],
      ['serviceable', 'exact'],
    ]);
    expect(answer.zoneCatalogVersion).toMatch(/^[A-Za-z0-9_-]{16}$/);
  });
});
