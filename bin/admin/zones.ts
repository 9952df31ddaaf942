/** The zone commands: list the current zones, import changed ones from a file. */
import { readZoneFile } from '../local/bootstrap.ts';
import { buildPincodeTable, describeBuild } from '../local/pincode-table.ts';
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
    // Always rebuilt, not only when a zone changed: a new directory version changes the table too.
    const pincodes = await buildPincodeTable(rt, { ifStale: false });
    const lines = results.map((r) => `${r.zoneId.padEnd(12)} v${r.version}  ${r.action}`);
    return { json: results, text: [...lines, `pincode table: ${describeBuild(pincodes!)}`].join('\n') };
  },
});

const zonePincodes = command({
  name: 'zone pincodes',
  group: 'Zones',
  flags: {},
  usage: [['zone pincodes', 'rebuild the pincode table for the current zones (zone import does it too)']],
  async run(_options, { rt }) {
    const build = (await buildPincodeTable(rt, { ifStale: false }))!;
    const rows = build.zones.map(
      (z) => `${z.zoneId.padEnd(12)} ${String(z.full).padStart(5)} full ${String(z.partial).padStart(5)} partial ${String(z.none).padStart(5)} none`,
    );
    const { offices, withoutCoordinates, outsideIndia, outliers } = build.cleaning;
    const cleaning = `directory: ${offices} offices; left out ${withoutCoordinates} without coordinates, ${outsideIndia} outside India, ${outliers} far from their pincode`;
    return { json: build, text: [describeBuild(build), cleaning, ...rows].join('\n') };
  },
});

/** The zone commands, in the order the usage lists them. */
export const ZONE_COMMANDS = [zoneList, zoneImport, zonePincodes];
