import type { Point } from './decode.ts';

/**
 * Synthetic data keys: a device's `{key, expression}` pairs computed from the
 * other keys of the same instant (`countIn - countOut`, `temp * 1.8 + 32`).
 * Expressions are arithmetic only (numbers, key names, + - * / % ^, brackets
 * and abs, min, max, round, floor, ceil, sqrt), parsed here, never evaluated
 * as JavaScript.
 */
export interface SyntheticKey {
  key: string;
  expression: string;
}

type Expr = (values: ReadonlyMap<string, number>) => number;

const functions: Record<string, (...args: number[]) => number> = {
  abs: Math.abs,
  min: Math.min,
  max: Math.max,
  round: Math.round,
  floor: Math.floor,
  ceil: Math.ceil,
  sqrt: Math.sqrt,
};

const tokenPattern = /\s*(\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|[A-Za-z_][A-Za-z0-9_.-]*|[-+*/%^(),])/y;

function tokenize(text: string): string[] {
  const tokens: string[] = [];
  tokenPattern.lastIndex = 0;
  while (tokenPattern.lastIndex < text.length) {
    if (/^\s*$/.test(text.slice(tokenPattern.lastIndex))) break;
    const match = tokenPattern.exec(text);
    if (!match?.[1]) throw new Error(`Unexpected character at ${tokenPattern.lastIndex}`);
    tokens.push(match[1]);
  }
  return tokens;
}

/** Compiles an expression; throws on a syntax error. */
export function compileExpression(text: string): Expr {
  const tokens = tokenize(text);
  let at = 0;
  const peek = () => tokens[at];
  const take = (expected?: string) => {
    const token = tokens[at++];
    if (token === undefined || (expected !== undefined && token !== expected)) {
      throw new Error(`Expected ${expected ?? 'more'} in "${text}"`);
    }
    return token;
  };

  const sum = (): Expr => {
    let left = product();
    while (peek() === '+' || peek() === '-') {
      const op = take();
      const l = left;
      const r = product();
      left = op === '+' ? (v) => l(v) + r(v) : (v) => l(v) - r(v);
    }
    return left;
  };
  const product = (): Expr => {
    let left = unary();
    while (peek() === '*' || peek() === '/' || peek() === '%') {
      const op = take();
      const l = left;
      const r = unary();
      left = op === '*' ? (v) => l(v) * r(v) : op === '/' ? (v) => l(v) / r(v) : (v) => l(v) % r(v);
    }
    return left;
  };
  // Unary minus binds looser than ^, as in mathematics: -2^2 is -4.
  const unary = (): Expr => {
    if (peek() === '-') {
      take();
      const inner = unary();
      return (v) => -inner(v);
    }
    if (peek() === '+') take();
    return power();
  };
  const power = (): Expr => {
    const base = atom();
    if (peek() !== '^') return base;
    take();
    const exponent = unary();
    return (v) => base(v) ** exponent(v);
  };
  const atom = (): Expr => {
    const token = take();
    if (token === '(') {
      const inner = sum();
      take(')');
      return inner;
    }
    if (/^\d/.test(token)) {
      const n = Number(token);
      return () => n;
    }
    if (!/^[A-Za-z_]/.test(token)) throw new Error(`Unexpected "${token}" in "${text}"`);
    const fn = Object.hasOwn(functions, token) ? functions[token] : undefined;
    if (fn && peek() === '(') {
      take('(');
      const args: Expr[] = [];
      if (peek() !== ')') {
        args.push(sum());
        while (peek() === ',') {
          take();
          args.push(sum());
        }
      }
      take(')');
      return (v) => fn(...args.map((arg) => arg(v)));
    }
    return (v) => v.get(token) ?? Number.NaN;
  };

  const expr = sum();
  if (at !== tokens.length) throw new Error(`Unexpected "${tokens[at]}" in "${text}"`);
  return expr;
}

const compiled = new Map<string, Expr | null>();

function cachedCompile(text: string): Expr | null {
  let expr = compiled.get(text);
  if (expr === undefined) {
    try {
      expr = compileExpression(text);
    } catch {
      expr = null;
    }
    if (compiled.size > 10_000) compiled.clear();
    compiled.set(text, expr);
  }
  return expr;
}

/**
 * Adds the synthetic keys' points: one per instant at which the expression
 * gives a finite number from the numeric points of that instant.
 */
export function addSyntheticPoints(points: Point[], keys: readonly SyntheticKey[]): Point[] {
  if (keys.length === 0 || points.length === 0) return points;
  const instants = new Map<number, Map<string, number>>();
  for (const point of points) {
    if (point.value === null) continue;
    let values = instants.get(point.time);
    if (!values) instants.set(point.time, (values = new Map()));
    values.set(point.key, point.value);
  }
  const added: Point[] = [];
  for (const { key, expression } of keys) {
    const expr = cachedCompile(expression);
    if (!expr) continue;
    for (const [time, values] of instants) {
      const value = expr(values);
      if (Number.isFinite(value)) {
        values.set(key, value);
        added.push({ key, time, value, textValue: null });
      }
    }
  }
  return added.length === 0 ? points : [...points, ...added];
}
