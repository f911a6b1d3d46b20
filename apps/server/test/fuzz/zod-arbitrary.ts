import fc from 'fast-check';

// Issue 13 schema fuzzing: fast-check generators derived from a route's zod request schema (zod 4's
// internal definition), mixing values the schema accepts, values on and just past its bounds, and
// hostile values every route must refuse calmly.

/** The parts of a zod 4 schema's internal definition this walker reads. */
interface ZodDef {
  type: string;
  shape?: Record<string, ZodLike>;
  innerType?: ZodLike;
  in?: ZodLike;
  out?: ZodLike;
  options?: ZodLike[];
  element?: ZodLike;
  entries?: Record<string, string | number>;
  values?: unknown[];
  getter?: () => ZodLike;
  valueType?: ZodLike;
  checks?: { _zod: { def: CheckDef } }[];
}
interface CheckDef {
  check: string;
  minimum?: number;
  maximum?: number;
  length?: number;
  value?: number | bigint;
  inclusive?: boolean;
  format?: string;
  pattern?: RegExp;
}
export interface ZodLike {
  _zod: { def: ZodDef };
}

const LONG = 'x'.repeat(70_000);
/** Strings that have broken servers: NUL, lone surrogates, SQL/LIKE/FTS metacharacters, traversal, huge. */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  'ab\u0000cd',
  '\u0000',
  '\uD800',
  'a\uDFFFb',
  '%',
  '_',
  '%_%\\',
  "' OR 1=1 --",
  "'; DROP TABLE member; --",
  '"',
  '"a" OR "b"',
  'NEAR(a b)',
  'a* AND b*',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  'media/../../secret',
  '/etc/passwd',
  'http://127.0.0.1:1/x',
  'javascript:alert(1)',
  '<script>alert(1)</script>',
  '${jndi:ldap://x}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  '1e309',
  'NaN',
  '-0',
  '9007199254740993',
  '0x10',
  '1,2,,3',
  ',,,',
  '-1',
  '😀'.repeat(300),
  '中'.repeat(5000),
  LONG,
];
export const HOSTILE_NUMBERS: readonly number[] = [
  0,
  -1,
  1.5,
  -0,
  2 ** 31,
  2 ** 53,
  -(2 ** 53),
  Number.MAX_SAFE_INTEGER + 2,
  1e308,
  Number.MIN_VALUE,
];

/** A deeply nested value: parsers that recurse without a limit fall over on it. */
function deep(levels: number, key: string): unknown {
  let value: unknown = 1;
  for (let i = 0; i < levels; i += 1) {
    value = key === '[]' ? [value] : { [key]: value };
  }
  return value;
}

/** Any hostile value: wrong types, odd numbers, hostile text, deep nesting, prototype keys. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.constantFrom<unknown>(...HOSTILE_NUMBERS, null, true, false, [], {}, [null], ['a', 1, {}]),
  fc.constantFrom<unknown>(deep(2000, 'a'), deep(2000, '[]'), JSON.parse('{"__proto__":{"polluted":1}}'), {
    constructor: { prototype: { polluted: 1 } },
  }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer(),
  fc.double(),
);

function checksOf(def: ZodDef): CheckDef[] {
  return (def.checks ?? []).map((c) => c._zod.def);
}

function stringArb(def: ZodDef): fc.Arbitrary<string> {
  let min = 0;
  let max = 64;
  let pattern: RegExp | undefined;
  for (const check of checksOf(def)) {
    if (check.check === 'min_length' && check.minimum !== undefined) {
      min = check.minimum;
    } else if (check.check === 'max_length' && check.maximum !== undefined) {
      max = check.maximum;
    } else if (check.check === 'length_equals' && check.length !== undefined) {
      min = max = check.length;
    } else if (check.check === 'string_format' && check.pattern) {
      pattern = check.pattern;
    }
  }
  const boundaries = [min > 0 ? 'a'.repeat(min - 1) : '', 'a'.repeat(min), 'a'.repeat(Math.min(max, 5000))];
  if (max < 100_000) {
    boundaries.push('a'.repeat(max + 1), '中'.repeat(max + 1));
  }
  const valid =
    (pattern && matching(pattern, max)) ||
    fc.string({ minLength: min, maxLength: Math.min(max, 40), unit: 'grapheme' });
  return fc.oneof(valid, fc.constantFrom(...boundaries), fc.constantFrom(...HOSTILE_STRINGS));
}

/** Strings matching `pattern`, or undefined where fast-check cannot generate from it (lookaheads). */
function matching(pattern: RegExp, max: number): fc.Arbitrary<string> | undefined {
  try {
    return fc.stringMatching(pattern).filter((s) => s.length <= max);
  } catch {
    return undefined;
  }
}

function numberArb(def: ZodDef): fc.Arbitrary<number> {
  let min = -(2 ** 31);
  let max = 2 ** 31;
  let integer = false;
  for (const check of checksOf(def)) {
    if (check.check === 'greater_than' && check.value !== undefined) {
      min = Number(check.value) + (check.inclusive ? 0 : 1);
    } else if (check.check === 'less_than' && check.value !== undefined) {
      max = Number(check.value) - (check.inclusive ? 0 : 1);
    } else if (check.check === 'number_format') {
      integer = true;
    }
  }
  min = Math.max(min, Number.MIN_SAFE_INTEGER);
  max = Math.min(max, Number.MAX_SAFE_INTEGER);
  // Bounds may be fractions (a number of seconds ≥ 0.5): integer generators take whole ones inside.
  const inside = integer
    ? fc.integer({ min: Math.ceil(min), max: Math.max(Math.ceil(min), Math.floor(max)) })
    : fc.double({ min, max, noNaN: true });
  // Small ids hit the rows the suite made first, so calls get past "not found" into the services.
  const lo = Math.ceil(Math.max(min, 0));
  const hi = Math.floor(Math.min(max, Math.max(lo, 4)));
  const small = hi >= lo ? fc.integer({ min: lo, max: hi }) : fc.constant(min);
  return fc.oneof(
    { arbitrary: inside, weight: 2 },
    { arbitrary: small, weight: 2 },
    { arbitrary: fc.constantFrom(min, max, min - 1, max + 1, 0.5, ...HOSTILE_NUMBERS), weight: 1 },
  );
}

/** A generator for values of `schema`: mostly ones it accepts, often boundary ones, sometimes hostile. */
export function arbitraryOf(schema: ZodLike | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) {
    return hostileValue;
  }
  const def = schema._zod.def;
  const self = (): fc.Arbitrary<unknown> => {
    switch (def.type) {
      case 'object': {
        const shape = def.shape ?? {};
        const record: Record<string, fc.Arbitrary<unknown>> = {};
        for (const [key, value] of Object.entries(shape)) {
          record[key] = arbitraryOf(value, depth + 1);
        }
        // Some keys left out (required ones too), and now and then a prototype-pollution key added.
        return fc
          .tuple(
            fc.record(record, { requiredKeys: [] }),
            fc.option(fc.constantFrom('__proto__', 'constructor', 'prototype', 'hasOwnProperty'), { freq: 8 }),
            hostileValue,
          )
          .map(([value, extraKey, extraValue]) =>
            extraKey === null
              ? value
              : // JSON.parse makes an own "__proto__" key, as a request body parser would.
                (Object.assign(
                  {},
                  value,
                  JSON.parse(`{"${extraKey}":${JSON.stringify(extraValue ?? null) ?? 'null'}}`),
                ) as unknown),
          );
      }
      case 'string':
        return stringArb(def);
      case 'number':
      case 'int':
        return numberArb(def);
      case 'bigint':
        return fc.bigInt().map(String);
      case 'boolean':
        return fc.oneof(fc.boolean(), fc.constantFrom('true', 'false', 1, 0, 'yes'));
      case 'enum':
        return fc.constantFrom(...Object.values(def.entries ?? { a: 'a' }));
      case 'literal':
        return fc.constantFrom(...(def.values ?? [null]));
      case 'optional':
      case 'nullable':
      case 'default':
      case 'prefault':
      case 'catch':
      case 'readonly':
      case 'nonoptional':
        return fc.oneof(arbitraryOf(def.innerType, depth + 1), fc.constantFrom(undefined, null, ''));
      case 'pipe':
        return arbitraryOf(def.in?._zod.def.type === 'transform' ? def.out : def.in, depth + 1);
      case 'union':
        return fc.oneof(...(def.options ?? []).map((option) => arbitraryOf(option, depth + 1)));
      case 'array':
        return fc.oneof(
          fc.array(arbitraryOf(def.element, depth + 1), { maxLength: 5 }),
          fc.constantFrom<unknown>(
            [],
            Array.from({ length: 10_001 }, (_, i) => i + 1),
          ),
        );
      case 'record':
        return fc.dictionary(fc.string({ maxLength: 8 }), arbitraryOf(def.valueType, depth + 1), { maxKeys: 4 });
      case 'lazy':
        return arbitraryOf(def.getter?.(), depth + 1);
      default:
        return hostileValue;
    }
  };
  // One value in six is hostile whatever the schema says.
  return fc.oneof({ arbitrary: self(), weight: 5 }, { arbitrary: hostileValue, weight: 1 });
}
