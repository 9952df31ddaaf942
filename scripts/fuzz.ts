/**
 * `npm run fuzz -- --runs N [--seed S] [vitest options]`: the route fuzz suite (test/fuzz) with N cases
 * per route (100 if not given) instead of the few `npm test` runs, from seed S, or from a random seed.
 * The seed is printed before and after the run: `--seed S` with the same `--runs N` replays it.
 * Anything else is handed to vitest (`-t 'POST /v1/jobs'` runs one route's property).
 */
import { spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';

const USAGE = 'usage: npm run fuzz -- [--runs N] [--seed S] [vitest options]';
const DEFAULT_RUNS = 100;

// `--name value` or `--name=value`; what is not ours goes to vitest as it came.
function parse(argv: string[]): { runs: number; seed: number | null; rest: string[] } {
  const found: Record<string, string> = {};
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const match = /^--(runs|seed)(?:=(.*))?$/.exec(argv[i]!);
    if (!match) {
      rest.push(argv[i]!);
      continue;
    }
    const value = match[2] ?? argv[++i];
    if (value === undefined) throw new Error(`--${match[1]} needs a value`);
    found[match[1]!] = value;
  }
  const integer = (name: string, min: number): number | null => {
    if (found[name] === undefined) return null;
    const value = Number(found[name]);
    if (!Number.isSafeInteger(value) || value < min) throw new Error(`--${name} must be a whole number of at least ${min}, got ${found[name]}`);
    return value;
  };
  return { runs: integer('runs', 1) ?? DEFAULT_RUNS, seed: integer('seed', 0), rest };
}

let options: ReturnType<typeof parse>;
try {
  options = parse(process.argv.slice(2));
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}

// Each route's property adds its place in the route table to the seed: keep the sum a 32-bit integer.
const seed = options.seed ?? randomInt(0, 2 ** 31 - 1_000);
const replay = `npm run fuzz -- --runs ${options.runs} --seed ${seed}`;
console.log(`Fuzzing every route: ${options.runs} cases per route, seed ${seed} (replay: ${replay})`);

const started = performance.now();
const child = spawn('npx', ['vitest', 'run', 'test/fuzz', ...options.rest], {
  stdio: 'inherit',
  env: { ...process.env, FUZZ_RUNS: String(options.runs), FUZZ_SEED: String(seed) },
});
child.on('exit', (code, signal) => {
  const seconds = Math.round((performance.now() - started) / 1000);
  console.log(`${code === 0 ? 'Passed' : 'FAILED'}: ${options.runs} cases per route, seed ${seed}, ${seconds} s (replay: ${replay})`);
  process.exit(code ?? (signal ? 1 : 0));
});
