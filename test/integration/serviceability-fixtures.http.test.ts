import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { readResponse, useLocalApi } from '../helpers/server.ts';
import { createStore } from '../helpers/fixtures.ts';
import { buildPincodeTable } from '../../bin/local/pincode-table.ts';

/**
 * The API guide's sandbox fixtures, read from the guide itself, against the seed zones and the real
 * pincode table (built from India Post's directory, as `npm start` builds it): each item answers the
 * status and reasons the guide says, for a sandbox key and a live key alike.
 */
const api = useLocalApi();

interface Fixture {
  what: string;
  item: Record<string, unknown>;
  status: string;
  reasons: string[];
}

// The rows of the "Sandbox fixtures" table: | what | `item` | `status` | `reasons` |
function guideFixtures(): Fixture[] {
  const guide = readFileSync(new URL('../../docs/api-guide.md', import.meta.url), 'utf8');
  const table = guide.slice(guide.indexOf('**Sandbox fixtures.**'));
  const rows = table
    .slice(0, table.indexOf('\n\n', table.indexOf('| Fixture |')))
    .split('\n')
    .filter((line) => line.startsWith('| ') && line.includes('`{'));
  return rows.map((row) => {
    const [what, item, status, reasons] = row.split(' | ').map((cell) => cell.replace(/^\| |`| \|$/g, '').trim());
    return { what: what!, item: JSON.parse(item!) as Record<string, unknown>, status: status!, reasons: JSON.parse(reasons!) as string[] };
  });
}

const fixtures = guideFixtures();
const keys: Record<'sandbox' | 'live', string> = { sandbox: '', live: '' };

beforeAll(async () => {
  await buildPincodeTable(api.table.rt, { ifStale: false });
  keys.sandbox = (await createStore(api.table.rt, { sandbox: true })).apiKey;
  keys.live = (await createStore(api.table.rt)).apiKey;
});

describe('the API guide’s sandbox fixtures', () => {
  it('are read from the guide: ten rows, served and not, points, a DIGIPIN, pincodes and routes', () => {
    expect(fixtures).toHaveLength(10);
    expect(new Set(fixtures.map((f) => f.status))).toEqual(new Set(['serviceable', 'partially_serviceable', 'not_serviceable']));
  });

  it.each(['sandbox', 'live'] as const)('answer as the guide says with a %s key, in one request', async (kind) => {
    const response = await readResponse(
      await api.server.request('/v1/serviceability', {
        method: 'POST',
        headers: { 'X-Api-Key': keys[kind], 'Content-Type': 'application/json' },
        body: JSON.stringify({ items: fixtures.map((f, i) => ({ ref: String(i), ...f.item })) }),
      }),
    );

    expect(response.status).toBe(200);
    const data = (response.body as { data: Array<{ status: string; reasons: string[] }> }).data;
    expect(data.map((answer, i) => ({ what: fixtures[i]!.what, status: answer.status, reasons: answer.reasons }))).toEqual(
      fixtures.map(({ what, status, reasons }) => ({ what, status, reasons })),
    );
  });
});
