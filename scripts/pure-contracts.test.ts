import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { build, parseAst, type Rolldown } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractValueCalls, pureContracts } from './pure-contracts.ts';

describe('contractValueCalls', () => {
  it('marks the calls that make module-level values, not those in functions or statements', () => {
    const code = [
      "import { Type } from 'typebox';",
      'const Id = Type.Integer({ minimum: 1 });',
      'export const Item = Type.Object({ id: Id, tags: Type.Array(Type.String()) }, { description: String(1) });',
      'export const Items = [Type.Ref(Item), ...Type.Rest(Item)];',
      'export const check = (value) => Type.Object({ value });',
      'export function helper() { return Type.Null(); }',
      'register(Item);',
      'export const LIMIT = 10;',
    ].join('\n');
    const marked = contractValueCalls(parseAst(code)).map((start) =>
      code.slice(start, code.indexOf('(', start)),
    );
    expect(marked).toEqual([
      'Type.Integer',
      'Type.Object',
      'Type.Array',
      'Type.String',
      'String',
      'Type.Ref',
      'Type.Rest',
    ]);
  });
});

describe('the console build with pureContracts', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'nordlys-pure-'));
    await fs.mkdir(path.join(dir, 'contracts'));
    // A stand-in for a contract: a schema builder whose calls the bundler cannot see into.
    await fs.writeFile(
      path.join(dir, 'contracts', 'thing.ts'),
      [
        'const made: string[] = [];',
        'const schema = (name: string, parts: unknown[] = []) => { made.push(name); return { name, parts }; };',
        "export const Used = schema('used-schema');",
        "export const Unused = schema('unused-schema', [schema('unused-part')]);",
        'export const LIMIT = 7;',
      ].join('\n'),
    );
    await fs.writeFile(
      path.join(dir, 'main.ts'),
      "import { LIMIT, Used } from './contracts/thing.ts';\nconsole.log(LIMIT, Used);\n",
    );
  });
  afterAll(() => fs.rm(dir, { recursive: true, force: true }));

  const bundle = async (plugins: ReturnType<typeof pureContracts>[]) => {
    const output = (await build({
      root: dir,
      logLevel: 'silent',
      configFile: false,
      plugins,
      build: { write: false, minify: false, lib: { entry: 'main.ts', formats: ['es'] } },
    })) as Rolldown.RolldownOutput[];
    return output.flatMap((result) =>
      result.output.map((file) => ('code' in file ? file.code : '')),
    );
  };

  it('leaves out the schemas nothing uses, and keeps the ones used', async () => {
    const code = (await bundle([pureContracts()])).join('\n');
    expect(code).toContain('used-schema');
    expect(code).not.toContain('unused-schema');
    expect(code).not.toContain('unused-part');
    // Without it, the bundler keeps them: it cannot tell they do nothing.
    const plain = (await bundle([])).join('\n');
    expect(plain).toContain('unused-schema');
  });
});
