import type { FastifySchemaValidationError } from 'fastify/types/schema.js';

/** An opening, closing or empty tag of common HTML elements; "a<b and c>d" is not one. */
const HTML_TAG =
  /<\/?(?:a|abbr|b|big|blockquote|body|br|button|code|del|div|em|font|h[1-6]|head|hr|html|i|img|input|ins|li|link|mark|meta|ol|p|pre|q|s|script|small|span|strong|style|sub|sup|table|tbody|td|th|tr|u|ul)(?:\s+[a-z-]+=(?:"[^"]*"|'[^']*'|[^\s<>"']+))*\s*\/?>/i;

function isHttpUrl(v: string): boolean {
  try {
    const u = new URL(v);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
}

/** Custom formats: named so validation messages can say what the value should look like. */
export const FORMATS: Record<string, { test: (value: string) => boolean; hint: string }> = {
  rrggbb: { test: (v) => /^#[0-9a-fA-F]{6}$/.test(v), hint: 'a colour in the form #rrggbb, e.g. #ffcc00' },
  decimal: { test: (v) => /^\d+(\.\d+)?$/.test(v), hint: 'a decimal number written as text, e.g. "1.0"' },
  'http-url': { test: isHttpUrl, hint: 'an http:// or https:// URL' },
  // The spec: "HTML tags unsupported". A tag would otherwise be read out loud.
  'plain-text': { test: (v) => !HTML_TAG.test(v), hint: 'plain text without HTML tags' },
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Ajv instance type is not exported by Fastify
export function addFormats(ajv: any): any {
  for (const [name, f] of Object.entries(FORMATS)) ajv.addFormat(name, { type: 'string', validate: f.test });
  return ajv;
}

const TYPE_WORDS: Record<string, string> = {
  integer: 'a whole number',
  number: 'a number',
  string: 'a string',
  boolean: 'true or false',
  object: 'a JSON object',
  array: 'a JSON array',
};

/** What a client sent, in words, for "must be a string; got an array". */
function jsonKind(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  switch (typeof v) {
    case 'string':
      return 'text';
    case 'number':
      return Number.isInteger(v) ? 'a whole number' : 'a number';
    case 'boolean':
      return v ? 'true' : 'false';
    case 'object':
      return 'an object';
    default:
      return typeof v;
  }
}

/**
 * Turns schema validation errors into one message that names the parameter and says what to send,
 * e.g. "title: must be at most 20 characters". Pure.
 */
export function formatValidationErrors(errors: FastifySchemaValidationError[], dataVar: string): string {
  const parts = errors.map((e) => {
    const params = e.params as Record<string, unknown>;
    const path = (e.instancePath || '').replace(/^\//, '').replace(/\//g, '.');
    const name = params.missingProperty ? String(params.missingProperty) : path || dataVar;
    switch (e.keyword) {
      case 'required':
        return `${name} is required`;
      case 'maxLength':
        return `${name} must be at most ${params.limit} characters`;
      case 'minLength':
        return params.limit === 1
          ? `${name} must not be empty`
          : `${name} must be at least ${params.limit} characters`;
      case 'minimum':
      case 'maximum':
        return `${name} ${e.message ?? 'is out of range'}`;
      case 'enum':
        return `${name} must be one of ${(params.allowedValues as unknown[]).join(', ')}`;
      case 'type': {
        if (name === 'body' && !path)
          return 'the request body must be a JSON object sent with Content-Type: application/json';
        // With verbose errors (JSON bodies) Ajv adds what was sent and the field's schema.
        const v = e as { data?: unknown; parentSchema?: { format?: string } };
        const sent = 'data' in v ? `; got ${jsonKind(v.data)}` : '';
        const format = v.parentSchema?.format ? FORMATS[v.parentSchema.format] : undefined;
        const want = format?.hint ?? TYPE_WORDS[String(params.type)] ?? `of type ${String(params.type)}`;
        return `${name} must be ${want}${sent}`;
      }
      case 'format': {
        const f = FORMATS[String(params.format)];
        return `${name} must be ${f ? f.hint : `in format ${String(params.format)}`}`;
      }
      case 'maxItems':
        return `${name} must have at most ${params.limit} items`;
      default:
        return `${name} ${e.message ?? 'is invalid'}`;
    }
  });
  return [...new Set(parts)].join('; ');
}
