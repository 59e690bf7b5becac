import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

// With DATABASE_URL / MQTT_URL / REDIS_URL set, the integration suite runs a
// second time against those real services, under a name that says so.
const services = [
  process.env.DATABASE_URL && 'PostgreSQL',
  process.env.MQTT_URL && 'MQTT broker',
  process.env.REDIS_URL && 'Redis',
].filter(Boolean);

const integration = (name: string, useServices: boolean): TestProjectInlineConfiguration => ({
  test: {
    name,
    include: ['tests/integration/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/helpers/global-setup.ts'],
    env: { NORDLYS_TEST_SERVICES: useServices ? '1' : '0' },
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'server/**/*.test.ts',
            'machines/**/*.test.ts',
            'streams/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        extends: './vite.config.ts',
        test: {
          name: 'web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
        },
      },
      integration('integration (embedded PGlite + Aedes)', false),
      ...(services.length > 0 ? [integration(`integration (${services.join(' + ')})`, true)] : []),
    ],
  },
});
