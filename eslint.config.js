import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// What nothing above functions/data/ may import: the AWS SDK, powertools' DynamoDB persistence and the table's key layout.
const ABOVE_DATA = [
  { group: ['@aws-sdk/*'], message: 'Only functions/data/ may use the AWS SDK: ask a repository.' },
  {
    group: ['@aws-lambda-powertools/idempotency', '@aws-lambda-powertools/idempotency/*'],
    message: 'Idempotency records are data: use rt.idempotency.',
  },
  { group: ['**/data/table.ts', '**/data/table-admin.ts'], message: 'Table keys belong to the repositories in functions/data/.' },
];

export default tseslint.config(
  { ignores: ['node_modules/', '.data/', 'cdk.out/', 'dist/', 'console/dist/', 'coverage/', 'examples/api.d.ts', 'examples/fleet-api.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['error'] }],
    },
  },
  {
    // Only functions/data/ talks to DynamoDB: nothing above it sees the AWS SDK, powertools'
    // DynamoDB persistence or the table's key layout (repositories are the boundary).
    files: ['functions/**/*.ts'],
    ignores: ['functions/data/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ABOVE_DATA }],
    },
  },
  {
    // Use cases take and return domain values; the handlers shape answers (HTTP and response schemas).
    files: ['functions/use-cases/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...ABOVE_DATA,
            // The logger is not HTTP: a use case may tell operations what it saw.
            {
              group: ['**/http/*', '!**/http/logger.ts', '**/schemas/*'],
              message: 'Use cases take and return domain values: the handler shapes the answer.',
            },
          ],
        },
      ],
    },
  },
  {
    // Command-line entry points talk to a person on the terminal.
    files: ['bin/**/*.ts', 'scripts/**/*.ts', 'test/**/*.ts', 'examples/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
);
