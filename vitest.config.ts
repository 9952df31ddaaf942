import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // Handlers log JSON access lines; tests that read logs raise the level themselves.
    env: { LOG_LEVEL: 'SILENT', AWS_REGION: 'ap-south-1' },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores here: more workers only queue on DynamoDB Local.
    maxWorkers: 2,
  },
});
