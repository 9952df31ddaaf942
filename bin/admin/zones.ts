/** The zone commands: list the current zones, import changed ones from a file. */
import { readZoneFile } from '../local/bootstrap.ts';
import { command, money, required, UsageError } from './command.ts';

const zoneList = command({
  name: 'zone list',
  group: 'Zones',
  flags: {},
  usage: [['zone list', 'current zones and versions']],
  async run(_options, { rt }) {
    const zones = (await rt.zones.repository.listCurrent()).sort((a, b) => a.id.localeCompare(b.id));
    const json = zones.map(({ polygon: _polygon, ...zone }) => zone);
    const text = zones
      .map(
        (z) =>
          `${z.id.padEnd(12)} v${z.version}  ${z.active ? 'active  ' : 'inactive'}  max ${z.maxRouteMeters} m  base ${money(z.rateCard.baseFareMinor)} + ${money(z.rateCard.perKmMinor)}/km  ${z.name}`,
      )
      .join('\n');
    return { json, text: text || 'No zones.' };
  },
});

const zoneImport = command({
  name: 'zone import',
  group: 'Zones',
  flags: { file: { type: 'string' } },
  usage: [['zone import --file PATH', 'write changed zones as new versions']],
  async run(options, { rt }) {
    const file = required(options, 'file');
    let zones;
    try {
      zones = readZoneFile(file).zones;
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
    const results = await rt.zones.repository.import(zones, { onlyMissing: false });
    return { json: results, text: results.map((r) => `${r.zoneId.padEnd(12)} v${r.version}  ${r.action}`).join('\n') };
  },
});

/** The zone commands, in the order the usage lists them. */
export const ZONE_COMMANDS = [zoneList, zoneImport];
