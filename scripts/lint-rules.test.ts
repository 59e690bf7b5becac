import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The import and naming rules of eslint.config.js, checked on code that breaks
// each of them: a rule that is misconfigured reports nothing and lets it all in.
const eslint = new ESLint();

async function rulesBroken(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

describe('the lint rules on imports and names', () => {
  it('find an import cycle', async () => {
    // api-client.ts imports runtime-config.ts.
    const code = "import { apiRequest } from './api-client.ts';\nexport const a = apiRequest;\n";
    expect(await rulesBroken('src/lib/runtime-config.ts', code)).toContain('import-x/no-cycle');
  }, 60_000);

  it.each([
    ['src/lib/probe.ts', "import { Button } from '../ui/button.tsx';\nexport const a = Button;\n"],
    [
      'streams/probe.ts',
      "import { loadConfig } from '../server/config.ts';\nexport const a = loadConfig;\n",
    ],
    ['machines/probe.ts', "import { i18n } from '../src/lib/i18n.ts';\nexport const a = i18n;\n"],
    ['server/probe.ts', "import { i18n } from '../src/lib/i18n.ts';\nexport const a = i18n;\n"],
    [
      'src/lib/probe.ts',
      "import { loadConfig } from '../../server/config.ts';\nexport const a = loadConfig;\n",
    ],
    [
      'contracts/probe.ts',
      "import { loadConfig } from '../server/config.ts';\nexport const a = loadConfig;\n",
    ],
    [
      'src/ui/probe.ts',
      "import { deviceQuery } from '../api/devices/queries.ts';\nexport const a = deviceQuery;\n",
    ],
    [
      'src/api/probe.ts',
      "import { DeviceTab } from '../features/devices/components/with-device.tsx';\nexport const a = DeviceTab;\n",
    ],
    [
      'src/features/devices/probe.ts',
      "import { RegistryForm } from '../registries/components/registry-form.tsx';\nexport const a = RegistryForm;\n",
    ],
  ])(
    'keep %s from importing across a boundary',
    async (filePath, code) => {
      expect(await rulesBroken(filePath, code)).toContain('import-x/no-restricted-paths');
    },
    60_000,
  );

  it('keep React out of streams/ and React and Node out of contracts/', async () => {
    const react = "import { useState } from 'react';\nexport const a = useState;\n";
    expect(await rulesBroken('streams/probe.ts', react)).toContain('no-restricted-imports');
    expect(await rulesBroken('contracts/probe.ts', react)).toContain('no-restricted-imports');
    const node = "import fs from 'node:fs';\nexport const a = fs;\n";
    expect(await rulesBroken('contracts/probe.ts', node)).toContain('import-x/no-nodejs-modules');
  }, 60_000);

  it('name files and folders in kebab-case, and route files in TanStack Router’s naming', async () => {
    const code = 'export const a = 1;\n';
    const naming = 'check-file/filename-naming-convention';
    expect(await rulesBroken('src/ui/StatusDot.tsx', code)).toContain(naming);
    expect(await rulesBroken('server/routes/device_list.ts', code)).toContain(naming);
    expect(await rulesBroken('src/routes/_app.Sensor.$id.tsx', code)).toContain(naming);
    expect(await rulesBroken('src/ui/Forms/field.tsx', code)).toContain(
      'check-file/folder-naming-convention',
    );
    expect(await rulesBroken('src/features/devices/index.ts', code)).toContain(
      'check-file/no-index',
    );
    for (const fine of [
      'src/ui/status-dot.tsx',
      'machines/login.machine.test.ts',
      'src/routes/__root.tsx',
      'src/routes/$.tsx',
      'src/routes/_app.sensor.$id_.edit.tsx',
      'src/routes/password.reset.$lang.{-$token}.tsx',
      'src/routes/-components/user-menu.tsx',
    ]) {
      expect(await rulesBroken(fine, code)).toEqual([]);
    }
  }, 60_000);
});
