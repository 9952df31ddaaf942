import { OutputFormat, type BundlingOptions, type ICommandHooks } from 'aws-cdk-lib/aws-lambda-nodejs';
import { routes } from '../functions/http/routes.ts';

/** The module that stands in for the SDK's default credential chain in every bundle. */
export const LAMBDA_CREDENTIALS = 'functions/data/lambda-credentials.ts';

/** The module that stands in for `node:http` in every bundle. */
export const NODE_HTTP = 'functions/node-http.ts';

/**
 * How every function is bundled, for CDK's NodejsFunction and for `npm run bundle-report` alike:
 * ESM for Node 24, minified, the AWS SDK bundled (pinned by our lock file rather than whatever the
 * runtime ships), `module` before `main` so ESM builds of the SDK tree-shake.
 *
 * No source map: Lambda reads one only with NODE_OPTIONS=--enable-source-maps, which added 25–100 ms
 * to a cold import (docs/performance.md, "Source maps at run time"), so the 1.8–2.2 MB map each zip
 * carried was never loaded. To map a stack trace's minified position, build that function's bundle
 * from the deployed commit with these options and esbuild's `--sourcemap` (scripts/bundle.ts builds as CDK does).
 */
export const BUNDLING = {
  format: OutputFormat.ESM,
  target: 'node24',
  minify: true,
  sourceMap: false,
  mainFields: ['module', 'main'],
  externalModules: [],
  // Relative to the project root, where CDK runs esbuild:
  // - a function's credentials are in its environment: the SDK's default chain (and the clients it
  //   carries) gives way to functions/data/lambda-credentials.ts;
  // - `node:http` is taken as CommonJS takes it (functions/node-http.ts): its ESM face loads undici.
  esbuildArgs: { '--alias': [`@aws-sdk/credential-provider-node=./${LAMBDA_CREDENTIALS}`, `node:http=./${NODE_HTTP}`] },
  // Some dependencies are CommonJS and call require(); ESM output needs one to be defined.
  banner: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
} as const satisfies BundlingOptions;

/** The name a route's bundle finds its own entry of the route table under (functions/http/handler.ts, `ownRoute`). */
export const BUNDLED_ROUTE = 'process.env.BUNDLED_ROUTE';

/**
 * One function's bundling: BUNDLING, and for a route's function its own entry of the route table baked
 * in as a constant. The handler reads that constant where it would look the route up, so esbuild drops
 * the lookup and the table (8.7 KB minified, 62 routes) from every route's bundle; only the merchant
 * authorizer, which lists the merchant API's methods, carries the table.
 */
export function bundlingOf(functionName: string): BundlingOptions & typeof BUNDLING {
  const route = routes.find((candidate) => candidate.name === functionName);
  if (route === undefined) return BUNDLING;
  // The value is a JavaScript string literal holding the route's JSON (esbuild's define takes a JSON value).
  const define = { [BUNDLED_ROUTE]: JSON.stringify(JSON.stringify(route)) };
  return carriesConsole(functionName) ? { ...BUNDLING, define, commandHooks: CONSOLE_HOOKS } : { ...BUNDLING, define };
}

/** The function that serves the console web app (functions/console/assets.ts), from files in its own bundle. */
export const CONSOLE_FUNCTION = 'console-assets';

/** The directory under a bundle's output that holds the built console (where functions/console/assets.ts looks by default). */
export const CONSOLE_BUNDLE_DIR = 'console';

/** Whether a function's bundle carries the built console web app. */
export function carriesConsole(functionName: string): boolean {
  return functionName === CONSOLE_FUNCTION;
}

/**
 * After esbuild bundles the console's function, the app is built into `<output>/console` (scripts/console-build.ts,
 * the same build as npm start's), so each deploy ships the app its commit has, in the function's own zip.
 * `node` is the project's Node 24 (npm puts node_modules/.bin first on the PATH of `npx cdk`).
 */
const CONSOLE_HOOKS: ICommandHooks = {
  beforeBundling: () => [],
  beforeInstall: () => [],
  afterBundling: (_inputDir, outputDir) => [`node "${new URL('../scripts/console-build.ts', import.meta.url).pathname}" "${outputDir}/${CONSOLE_BUNDLE_DIR}"`],
};

/**
 * Each bundle's size limit, in bytes, checked by a test and shown by `npm run bundle-report`. 355 KB
 * since the hardening round (issues 21-24): every bundle's base grew by about 3.5 KB of our own code
 * (a lost race decided again, the closed rate bucket and the named give-back, the merged limit change,
 * the stage in every log line) and the job edit about 1 KB more. 365 KB since issue 25's failed
 * deliveries: the transition function, the job detail and the rider's view grew by their attempts,
 * decision and return trip (the fleet moves 358.5 → 363.2 KB, the merchant's job routes 353.3 →
 * 357.1 KB); room for about 2 KB more. The tracking page reads its job with the job reader since
 * issue 25 and does not carry the transition function: 337.1 KB. 378 KB since issue 26's cash on
 * delivery: the transition function (the payment, its lapse and remittance), the job repository (the
 * payment's custody: store totals, the line awaiting remittance, the rider's cash account and limit),
 * five error classes, the job detail's and the rider's collection views and three fleet routes (the fleet
 * moves 363.2 → 373.7 KB, the merchant's job routes 357.1 → 366.6 KB, the workers 372.7 KB with the
 * remittance tick); room for about 4 KB more. 355 KB since issue 32: the runtime's documentation left
 * the bundles, read-only routes read with the job reader, fleet routes and the workers name their own
 * parts, and the base runtime holds only the stores' reads (the fleet moves 352.3 KB, the workers
 * 352.3 KB, the merchant's job moves 349.1 KB, every other function under 331 KB). 350 KB, the
 * issue's goal, since each fleet function builds only its own request (schemas/fleet-requests/) and
 * the event relay reads endpoints through its own part (the merchant's job moves 349.2 KB, the fleet
 * moves 347.0–348.6 KB, the workers 344.7 KB, every other function under 331 KB). 355 KB since issue
 * 33's deadlines: the transition function carries the overdue waits and operations' end of them, the
 * exact decision deadline its error (the merchant's job moves 351.9 KB, the fleet moves up to 351.5 KB).
 * 358 KB with all of issue 33 (the review queue's item in every job save, the seed-shaped details, the
 * text rules, the UPI reference's canonical form, rider moves' Idempotency-Keys): the fleet's collection
 * 357.3 KB, its delivery attempts 356.7 KB, the merchant's edit 355.9 KB. 7 KB over issue 32's goal,
 * left to win back by moving the job detail's view out of the moves' bundles. 359 KB with issue 36's
 * console sessions (access tokens in every merchant function's key check, "via console" in every job
 * save's history) and the list of jobs waiting for a decision (its index item kept by every job move).
 * 355 KB again since each route's bundle carries its own route and not the route table (`bundlingOf`,
 * 8.2 KB less in each): the fleet's collection 352.1 KB, the merchant's edit 351.7 KB.
 */
export const BUNDLE_BUDGET_BYTES = 355_000;

/**
 * The booking's own limit: the design card's powertools idempotency is about 42 KB of it (its JMESPath,
 * which it imports whatever the configuration, 23 KB), and only the booking has it. 415 KB since issue 25
 * (410.8 KB: the booking carries the transition function and the job detail); 425 KB since issue 26
 * (420.6 KB: the same growth as the job routes'); 407 KB (404.9 KB), then 400 KB, the goal of issue
 * 32 (377.9 KB: it reads jobs with the job reader and files a new job's index items itself, so it
 * carries no job repository and no transition function).
 */
export const BOOKING_BUNDLE_BUDGET_BYTES = 400_000;

/** A function's bundle size limit, in bytes. */
export function bundleBudget(functionName: string): number {
  return functionName === 'create-booking' ? BOOKING_BUNDLE_BUDGET_BYTES : BUNDLE_BUDGET_BYTES;
}
