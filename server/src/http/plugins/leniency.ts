import type { ContractMode } from '../../config.js';
import { charLength, cutText } from '../../lib/cut-text.js';
import { didYouMean } from '../../lib/did-you-mean.js';

/**
 * Schema annotation on a string whose documented limit a client of the original service may exceed
 * (work titles): in lenient mode a longer value is cut to the limit instead of refused.
 */
export const LENIENT_KEYWORD = 'x-lenient';

/** The ways a request can step outside the documented contract and still be accepted. */
export type LeniencyKind =
  /** A string past its documented length (a title), cut to the limit. */
  | 'cut'
  /** A number sent as JSON text ("1") where the spec says int or float. */
  | 'numeric-text'
  /** A JSON number where the spec says decimal text (voice/edit's "1.0"). */
  | 'number-as-text'
  /** null in an optional parameter, taken as absent. */
  | 'null'
  /** A parameter the endpoint does not define, ignored. */
  | 'unknown-field';

/** One case of leniency: which field, the documented rule, and what likeness did instead of refusing. */
export interface ContractNote {
  field: string;
  kind: LeniencyKind;
  rule: string;
  done: string;
}

/** The slice of a JSON Schema (as TypeBox writes it) that the pass reads. */
interface Schema {
  type?: string | string[];
  format?: string;
  maxLength?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  [LENIENT_KEYWORD]?: string;
}

/** A parameter that is not one of the endpoint's but is close to one that is: likely a typo. */
export interface Typo {
  sent: string;
  meant: string;
}

export interface LeniencyResult {
  body: unknown;
  notes: ContractNote[];
  /** Strict mode only: what makes the request fall outside the contract, as a code-11 message. */
  refusal?: string;
  /** Unknown parameters close to a known one (either mode). */
  typos: Typo[];
}

/** "; did you mean `avatar`?" for a typo, or nothing. */
const hint = (meant: string | null) => (meant ? `; did you mean \`${meant}\`?` : '');

const INTEGER_TEXT = /^[+-]?\d{1,15}$/;
const NUMBER_TEXT = /^[+-]?\d{1,15}(\.\d{1,15})?$/;

/** Canonical decimal text for a JSON number: 1 → "1", 1.25 → "1.25"; not exponent notation. */
const decimalText = (n: number): string | undefined =>
  Number.isFinite(n) && Math.abs(n) < 1e15 ? String(n) : undefined;

/**
 * Brings a JSON body within the documented contract where the original service is known or
 * expected to be lenient, and says what it did. Pure: the input is not modified.
 *
 * Lenient mode: a cut-annotated string past its limit is cut at a grapheme boundary; numeric text
 * where an int or float is expected becomes the number; a JSON number where decimal text is
 * expected becomes the text; null in an optional parameter is removed; unknown parameters are
 * removed. Each change is a note. Strict mode changes nothing (schema validation then refuses what
 * is out of contract with its own message), except that unknown parameters are refused here, since
 * the schemas allow additional properties.
 */
export function applyLeniency(schema: Schema, body: unknown, mode: ContractMode): LeniencyResult {
  const notes: ContractNote[] = [];
  const unknown: string[] = [];
  const typos: Typo[] = [];
  const walk = (s: Schema, value: unknown, path: string): unknown => {
    if (!s.properties || !isPlainObject(value)) {
      if (s.items && Array.isArray(value)) return value.map((v, i) => walk(s.items!, v, `${path}[${i}]`));
      return value;
    }
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      const field = path ? `${path}.${key}` : key;
      const prop = Object.hasOwn(s.properties, key) ? s.properties[key] : undefined;
      if (!prop) {
        const meant = didYouMean(key, Object.keys(s.properties));
        if (meant) typos.push({ sent: field, meant: path ? `${path}.${meant}` : meant });
        unknown.push(`'${field}'${meant ? ` (did you mean '${meant}'?)` : ''}`);
        // Never copied onto the new object by assignment: "__proto__" would set its prototype.
        if (mode === 'strict' && key !== '__proto__') out[key] = v;
        else
          notes.push({
            field,
            kind: 'unknown-field',
            rule: `not a parameter of this endpoint${hint(meant)}`,
            done: 'ignored',
          });
        continue;
      }
      if (mode === 'strict') {
        out[key] = walk(prop, v, field);
        continue;
      }
      const optional = !(s.required ?? []).includes(key);
      const changed = lenientValue(prop, v, optional);
      if (changed) {
        notes.push({ field, kind: changed.kind, rule: changed.rule, done: changed.done });
        if (changed.kind !== 'null') out[key] = changed.value;
      } else {
        out[key] = walk(prop, v, field);
      }
    }
    return out;
  };
  const result = walk(schema, body, '');
  if (mode === 'strict' && unknown.length > 0) {
    const known = Object.keys(schema.properties ?? {}).join(', ');
    return {
      body,
      notes: [],
      refusal: `unknown parameter${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}; this endpoint takes: ${known}`,
      typos,
    };
  }
  return { body: result, notes, typos };
}

function lenientValue(
  prop: Schema,
  v: unknown,
  optional: boolean,
): { kind: LeniencyKind; rule: string; done: string; value?: unknown } | undefined {
  const type = prop.type;
  if (v === null && optional && type !== 'null') {
    return { kind: 'null', rule: `a ${typeWord(type)}, or left out`, done: 'taken as absent' };
  }
  if (typeof v === 'string' && (type === 'integer' || type === 'number')) {
    const t = v.trim();
    if ((type === 'integer' ? INTEGER_TEXT : NUMBER_TEXT).test(t)) {
      return {
        kind: 'numeric-text',
        rule: `a JSON ${type === 'integer' ? 'integer' : 'number'}, not text`,
        done: `read as ${Number(t)}`,
        value: Number(t),
      };
    }
  }
  if (typeof v === 'number' && type === 'string' && prop.format === 'decimal') {
    const text = decimalText(v);
    if (text !== undefined)
      return {
        kind: 'number-as-text',
        rule: 'decimal text, e.g. "1.0"',
        done: `read as "${text}"`,
        value: text,
      };
  }
  if (typeof v === 'string' && prop[LENIENT_KEYWORD] === 'cut' && prop.maxLength !== undefined) {
    return cutToLimit(v, prop.maxLength);
  }
  return undefined;
}

/** A string past its documented length, cut at a grapheme boundary; undefined when it fits. */
export function cutToLimit(
  v: string,
  max: number,
): { kind: 'cut'; rule: string; done: string; value: string } | undefined {
  const length = charLength(v);
  if (length <= max) return undefined;
  const value = cutText(v, max);
  return {
    kind: 'cut',
    rule: `at most ${max} characters`,
    done: `cut from ${length} to ${charLength(value)} characters`,
    value,
  };
}

const typeWord = (t: Schema['type']): string =>
  t === 'integer'
    ? 'whole number'
    : t === 'object'
      ? 'JSON object'
      : t === 'array'
        ? 'JSON array'
        : String(t ?? 'value');

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The response header that tells a client what was accepted outside the contract (the body stays as specified). */
export const CONTRACT_HEADER = 'x-likeness-contract';

/**
 * What a code-11 message adds when the request held a likely typo: "`avtar` is not a parameter; did
 * you mean `avatar`?" (a required parameter reported missing was often sent misspelt). Pure.
 */
export function typoNote(typos: readonly Typo[]): string {
  return typos.map((t) => `\`${t.sent}\` is not a parameter; did you mean \`${t.meant}\`?`).join(' ');
}

/** A parameter-code message with the request's likely typos added (unless it names them already). */
export function withTypos(message: string, typos: readonly Typo[] | undefined): string {
  const missing = (typos ?? []).filter((t) => !message.includes(`'${t.sent}'`));
  return missing.length > 0 ? `${message} (${typoNote(missing)})` : message;
}

/** "title: at most 20 characters; cut from 25 to 20 characters" joined for the header. ASCII only. */
/**
 * At most `max` notes per request: the first `max - 1` as they are, the rest as one note that
 * counts them. A request with thousands of made-up parameters otherwise cost a counter write per
 * name (seconds) and a response header of hundreds of kilobytes. Pure.
 */
export function capNotes(notes: ContractNote[], max = MAX_NOTES): ContractNote[] {
  if (notes.length <= max) return notes;
  const rest = notes.slice(max - 1);
  const fields = rest.map((n) => n.field);
  return [
    ...notes.slice(0, max - 1),
    {
      field: `${rest.length} more (${fields.slice(0, 3).join(', ')}, ...)`,
      kind: rest[0]!.kind,
      rule: 'further notes on this request, not listed one by one',
      done: rest[0]!.done,
    },
  ];
}

/** How many contract notes a request reports; see capNotes. */
export const MAX_NOTES = 20;

export function describeNotes(notes: ContractNote[]): string {
  return notes
    .map((n) => `${n.field}: ${n.rule}; ${n.done}`)
    .join(' | ')
    .replace(/[^\x20-\x7e]/g, '?');
}
