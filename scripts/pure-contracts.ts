import MagicString from 'magic-string';
import type { Plugin } from 'vite';

/** The wire's shapes (contracts/*.ts), one file each; not their tests. */
const CONTRACT = /[\\/]contracts[\\/][^\\/]+(?<!\.test)\.ts$/;

/** The few ESTree nodes the walk reads; everything else it passes by. */
interface Node {
  type: string;
  start: number;
  end: number;
  [field: string]: unknown;
}

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

/**
 * The calls that make a module-level value: in its initialiser, and in the arguments,
 * object and array literals of those calls; not inside a function, which runs later.
 */
function valueCalls(node: unknown, calls: number[]): void {
  if (!isNode(node)) return;
  switch (node.type) {
    case 'CallExpression':
    case 'NewExpression':
      calls.push(node.start);
      for (const argument of node.arguments as unknown[]) valueCalls(argument, calls);
      return;
    case 'ObjectExpression':
      for (const property of node.properties as Node[])
        valueCalls(property.type === 'Property' ? property.value : property, calls);
      return;
    case 'ArrayExpression':
      for (const element of node.elements as unknown[]) valueCalls(element, calls);
      return;
    case 'SpreadElement':
      valueCalls(node.argument, calls);
      return;
    default:
  }
}

/** The module-level calls of a contract's code, by where each starts. */
export function contractValueCalls(program: { body: readonly unknown[] }): number[] {
  const calls: number[] = [];
  for (let statement of program.body) {
    if (isNode(statement) && statement.type === 'ExportNamedDeclaration')
      statement = statement.declaration;
    if (!isNode(statement) || statement.type !== 'VariableDeclaration') continue;
    for (const declarator of statement.declarations as Node[]) valueCalls(declarator.init, calls);
  }
  return calls;
}

/**
 * Marks the calls that build the contracts' schemas (`Type.Object(...)` and the
 * helpers around it) as pure in the console's build, so the bundler leaves out
 * every schema the console never uses: most of them check requests on the server,
 * and the console needs their types only. Building them cost the console's start
 * a fifth of its evaluation on a slow phone (docs/performance.md). A schema the
 * console does use (a form's resolver, a file's check) is kept with what it is
 * made of. Only the calls in module-level initialisers are marked: a call in a
 * function body may be there for what it does.
 */
export function pureContracts(): Plugin {
  return {
    name: 'nordlys:pure-contracts',
    apply: 'build',
    // After TypeScript has become JavaScript.
    enforce: 'post',
    transform(code, id) {
      if (!CONTRACT.test(id)) return null;
      const program = this.parse(code) as unknown as { body: readonly unknown[] };
      const calls = contractValueCalls(program);
      if (calls.length === 0) return null;
      const marked = new MagicString(code);
      for (const start of calls) marked.appendLeft(start, '/* @__PURE__ */ ');
      return { code: marked.toString(), map: marked.generateMap({ hires: true }) };
    },
  };
}
