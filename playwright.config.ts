import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { freePort } from './tests/helpers/free-port.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/helpers/chromium.ts';

// The real server on free ports with a temporary DATA_DIR and the embedded
// database and broker, so the run touches nothing else on the machine.
// The config is read again in every worker: settle the choices once, in the
// runner, and let the workers inherit them through the environment.
process.env.E2E_PORT ??= String(await freePort());
process.env.E2E_MQTT_PORT ??= String(await freePort());
process.env.E2E_ADDRESS_PORT ??= String(await freePort());
process.env.E2E_WEATHER_PORT ??= String(await freePort());
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'nordlys-e2e-'));
const port = Number(process.env.E2E_PORT);
const mqttPort = Number(process.env.E2E_MQTT_PORT);
const addressPort = Number(process.env.E2E_ADDRESS_PORT);
const weatherPort = Number(process.env.E2E_WEATHER_PORT);
const dataDir = process.env.E2E_DATA_DIR;
export const baseURL = `http://127.0.0.1:${port}`;

const chromium = {
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_ARGS,
};

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    // Danish is the console's default language; tests that need English ask for it.
    locale: 'da-DK',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromium,
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } },
    },
    {
      name: 'mobile',
      use: { ...devices['Desktop Chrome'], viewport: { width: 400, height: 860 }, hasTouch: true },
    },
  ],
  webServer: [
    {
      // The Danish address service is not reachable here: a local one speaks its format.
      command: `${process.execPath} --import tsx tests/helpers/address-server.ts ${addressPort}`,
      url: `http://127.0.0.1:${addressPort}/adgangsadresser?q=ready`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // Nor is Open-Meteo: a local one speaks its format, and tests switch it and count its calls.
      command: `${process.execPath} --import tsx tests/helpers/open-meteo-server.ts ${weatherPort}`,
      url: `http://127.0.0.1:${weatherPort}/control/calls`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: `${process.execPath} --import tsx server/server.ts`,
      url: `${baseURL}/api/ready`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PATH: process.env.PATH ?? '',
        PORT: String(port),
        HOST: '127.0.0.1',
        MQTT_PORT: String(mqttPort),
        DATA_DIR: dataDir,
        DEMO: '1',
        DEMO_PASSWORD: 'e2e-demo-password',
        // Charts and lists hold still: no simulated devices, two days of history.
        SIMULATE: '0',
        DEMO_HISTORY_DAYS: '2',
        // The suite signs the demo users in far more often than people do.
        SIGNIN_LIMIT: '600',
        LOG_LEVEL: 'warn',
        PUBLIC_URL: baseURL,
        // Embedded database and broker even where CI exports the real services.
        DATABASE_URL: '',
        MQTT_URL: '',
        REDIS_URL: '',
        ADDRESS_URL: `http://127.0.0.1:${addressPort}`,
        WEATHER_URL: `http://127.0.0.1:${weatherPort}`,
        WEATHER_ARCHIVE_URL: `http://127.0.0.1:${weatherPort}`,
      },
    },
  ],
});
