import { OutputFormat, type BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';

/**
 * How every function is bundled, for CDK's NodejsFunction and for `npm run bundle-report` alike:
 * ESM for Node 24, minified, with source maps, the AWS SDK bundled (pinned by our lock file rather
 * than whatever the runtime ships), `module` before `main` so ESM builds of the SDK tree-shake.
 */
export const BUNDLING = {
  format: OutputFormat.ESM,
  target: 'node24',
  minify: true,
  sourceMap: true,
  mainFields: ['module', 'main'],
  externalModules: [],
  // Some dependencies are CommonJS and call require(); ESM output needs one to be defined.
  banner: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
} as const satisfies BundlingOptions;

/** Each bundle's size limit, in bytes, checked by a test and shown by `npm run bundle-report`. */
export const BUNDLE_BUDGET_BYTES = 600 * 1024;
