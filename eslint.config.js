import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/', '.data/', 'cdk.out/', 'dist/', 'coverage/', 'examples/api.d.ts', 'examples/fleet-api.d.ts'] },
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
    // Command-line entry points talk to a person on the terminal.
    files: ['bin/**/*.ts', 'scripts/**/*.ts', 'test/**/*.ts', 'examples/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
);
