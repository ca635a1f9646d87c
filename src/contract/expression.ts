/**
 * The expression language of screens: visibility, disabled state, defaults and links that depend on
 * the record or the user. Expressions are JSON data read by a fixed interpreter, never code: a
 * stored screen cannot run script, because nothing here reaches eval, Function, or a property that
 * the context did not put there itself.
 *
 *   {"var": "record.status"}                    a value of the context (dotted path)
 *   {"==": [a, b]}  != < <= > >=                comparisons
 *   {"and": [...]} {"or": [...]} {"!": a}       logic
 *   {"in": [a, [..]]}                           membership (also substring of a string)
 *   {"if": [cond, then, else]}                  choice
 *   {"concat": [...]}                           string building
 *   {"+": [...]} {"-": [a, b]} {"*": [...]} {"/": [a, b]}  arithmetic
 *   {"empty": a}                                null, '', [] or undefined
 *   {"has": ["permission:code"]}                 the user holds a permission or role
 * Anything else (numbers, strings, booleans, null, arrays) is a literal.
 */
import { Type } from './schema';

export type Expr =
  | string
  | number
  | boolean
  | null
  | Expr[]
  | { var: string }
  | { [op in BinaryOp]?: [Expr, Expr] }
  | { and: Expr[] }
  | { or: Expr[] }
  | { '!': Expr }
  | { in: [Expr, Expr] }
  | { if: [Expr, Expr, Expr] }
  | { concat: Expr[] }
  | { '+': Expr[] }
  | { '*': Expr[] }
  | { '-': [Expr, Expr] }
  | { '/': [Expr, Expr] }
  | { empty: Expr }
  | { has: [Expr] };

type BinaryOp = '==' | '!=' | '<' | '<=' | '>' | '>=';
const BINARY: readonly BinaryOp[] = ['==', '!=', '<', '<=', '>', '>='];
const OPERATORS = ['var', ...BINARY, 'and', 'or', '!', 'in', 'if', 'concat', '+', '-', '*', '/', 'empty', 'has'] as const;

/**
 * The JSON Schema of an expression, kept under `$defs.expr` of the screen meta-schema: a literal, an
 * array of expressions, or an object with exactly one known operator whose argument is an expression.
 */
export const EXPR_DEFINITION = {
  anyOf: [
    { type: ['string', 'number', 'boolean', 'null'] },
    { type: 'array', items: { $ref: '#/$defs/expr' } },
    {
      type: 'object',
      minProperties: 1,
      maxProperties: 1,
      propertyNames: { enum: [...OPERATORS] },
      additionalProperties: { $ref: '#/$defs/expr' },
    },
  ],
} as const;

/** Where a screen holds an expression. */
export const ExprRef = Type.Unsafe<Expr>({ $ref: '#/$defs/expr' });

export interface ExprContext {
  /** Values an expression may read by path: record, form, user, query… */
  values: Record<string, unknown>;
  /** Permission codes and roles the user holds; '*' holds everything. */
  held?: ReadonlySet<string>;
}

/** Reads a dotted path through plain data only: own properties of objects and arrays, nothing inherited. */
export function readPath(values: Record<string, unknown>, path: string): unknown {
  let current: unknown = values;
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object' || !Object.prototype.hasOwnProperty.call(current, key)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

function compare(op: BinaryOp, a: unknown, b: unknown): boolean {
  switch (op) {
    case '==':
      // Loose on purpose for numbers written as strings ("1" from a query equals 1 in a record).
      return a === b || (a !== null && b !== null && a !== undefined && b !== undefined && String(a) === String(b));
    case '!=':
      return !compare('==', a, b);
    default: {
      if (a === null || a === undefined || b === null || b === undefined) return false;
      const [x, y] = typeof a === 'number' || typeof b === 'number' ? [Number(a), Number(b)] : [String(a), String(b)];
      if (op === '<') return x < y;
      if (op === '<=') return x <= y;
      if (op === '>') return x > y;
      return x >= y;
    }
  }
}

const num = (value: unknown) => (typeof value === 'number' ? value : Number(value) || 0);

export function evaluate(expr: Expr | undefined, context: ExprContext): unknown {
  if (expr === undefined) return undefined;
  if (expr === null || typeof expr !== 'object') return expr;
  if (Array.isArray(expr)) return expr.map((item) => evaluate(item, context));
  const [op, raw] = Object.entries(expr)[0] ?? [];
  const args = (Array.isArray(raw) ? raw : [raw]) as Expr[];
  const arg = (i: number) => evaluate(args[i], context);
  switch (op) {
    case 'var':
      return readPath(context.values, String(raw));
    case '==':
    case '!=':
    case '<':
    case '<=':
    case '>':
    case '>=':
      return compare(op, arg(0), arg(1));
    case 'and':
      return args.every((_, i) => Boolean(arg(i)));
    case 'or':
      return args.some((_, i) => Boolean(arg(i)));
    case '!':
      return !arg(0);
    case 'in': {
      const [needle, haystack] = [arg(0), arg(1)];
      if (Array.isArray(haystack)) return haystack.some((item) => compare('==', item, needle));
      return typeof haystack === 'string' && needle !== undefined && needle !== null && haystack.includes(String(needle));
    }
    case 'if':
      return arg(0) ? arg(1) : arg(2);
    case 'concat':
      return args.map((_, i) => arg(i) ?? '').join('');
    case '+':
      return args.reduce<number>((sum, _, i) => sum + num(arg(i)), 0);
    case '*':
      return args.reduce<number>((product, _, i) => product * num(arg(i)), 1);
    case '-':
      return num(arg(0)) - num(arg(1));
    case '/': {
      const divisor = num(arg(1));
      return divisor === 0 ? null : num(arg(0)) / divisor;
    }
    case 'empty':
      return isEmpty(arg(0));
    case 'has': {
      const held = context.held ?? new Set<string>();
      return held.has('*') || held.has(String(arg(0)));
    }
    default:
      // The meta-schema refuses unknown operators; a screen that slipped past it gets nothing, not an error.
      return undefined;
  }
}

/** True unless the expression evaluates falsy; an absent expression means yes. */
export function holds(expr: Expr | undefined, context: ExprContext): boolean {
  return expr === undefined ? true : Boolean(evaluate(expr, context));
}

/**
 * Fills `{{path}}` placeholders of a link or message template from the context, URL-encoding each
 * value when `encode` is set (links), so a record value cannot change the link's shape.
 */
export function fillTemplate(template: string, values: Record<string, unknown>, encode = false): string {
  return template.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (_, path: string) => {
    const value = readPath(values, path);
    const text = value === undefined || value === null ? '' : String(value);
    return encode ? encodeURIComponent(text) : text;
  });
}
