/** `npm run admin -- <command>`: the admin CLI (bin/admin/cli.ts) with this process's arguments, terminal and environment. */
import { main, processIo } from './admin/cli.ts';

process.exitCode = await main(process.argv.slice(2), processIo, process.env);
