import { describe, expect, it } from 'vitest';
import { humanLine, Terminal } from '../../bin/local/terminal.ts';

describe('humanLine', () => {
  it('makes a request record one short line: time, route, status, milliseconds, store', () => {
    const line = humanLine({
      level: 'INFO',
      message: 'request',
      timestamp: '2026-11-25T10:04:31.123Z',
      route: 'POST /v1/jobs/{id}/cancel',
      status: 409,
      latencyMs: 12.34,
      storeId: 'store_abc',
    });

    expect(line).toMatch(/^\d{2}:\d{2}:\d{2} POST \/v1\/jobs\/\{id\}\/cancel → 409 12\.3 ms store_abc$/);
  });

  it('names the fleet key of a fleet request, and a dash when the caller is unknown', () => {
    const fleet = humanLine({ message: 'request', timestamp: 'x', route: 'GET /fleet/v1/offers', status: 200, latencyMs: 3, fleetKeyId: 'fleetkey_1' });
    const nobody = humanLine({ message: 'request', timestamp: 'x', route: 'GET /v1/balance', status: 401, latencyMs: 1 });

    expect(fleet).toMatch(/ GET \/fleet\/v1\/offers → 200 3\.0 ms fleetkey_1$/);
    expect(nobody).toMatch(/ GET \/v1\/balance → 401 1\.0 ms -$/);
  });

  it('prints errors and warnings with their message, and leaves other records to the JSON file', () => {
    const failed = humanLine({ level: 'ERROR', message: 'request failed', timestamp: 'x', route: 'POST /v1/jobs', error: { message: 'boom' } });

    expect(failed).toMatch(/ ✖ request failed: boom \(POST \/v1\/jobs\)$/);
    expect(humanLine({ level: 'INFO', message: 'webhook delivered', timestamp: 'x' })).toBeNull();
  });
});

describe('Terminal', () => {
  // A screen of `rows` × `columns`: every row written, wrapped as a terminal wraps it.
  function screen(rows: number, columns: number) {
    const lines: string[] = [];
    return {
      rows,
      columns,
      lines,
      write: (text: string) => {
        for (const line of text.replace(/\n$/, '').split('\n')) {
          for (let at = 0; at === 0 || at < line.length; at += columns) lines.push(line.slice(at, at + columns));
        }
      },
    };
  }

  it.each([
    [24, 80],
    [12, 40],
    [40, 200],
  ])('keeps the banner or its reminder whole on a %i × %i screen, however many lines follow', (rows, columns) => {
    const out = screen(rows, columns);
    const banner = Array.from({ length: 8 }, (_, i) => `banner line ${i}`).join('\n');
    const reminder = `── http://127.0.0.1:3000 · demo key mdk_test_${'x'.repeat(32)} · reference /docs ──`;
    out.write(`${banner}\n`);
    const terminal = new Terminal(out, banner, reminder);

    const tops: number[] = [0];
    for (let i = 0; i < 100; i++) {
      const before = out.lines.length;
      terminal.print(i % 7 === 0 ? `a long line ${'.'.repeat(90)}` : `GET /v1/balance → 200 ${i} ms store_x`);
      if (out.lines[before]?.startsWith('── http')) tops.push(before);
      // What the screen shows (all but the cursor's row) holds the last banner or reminder from its first row.
      expect(out.lines.length - tops.at(-1)!).toBeLessThanOrEqual(rows - 1);
    }
    expect(tops.length).toBeGreaterThan(100 / rows);
  });
});
