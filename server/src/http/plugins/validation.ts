import type { FastifySchemaValidationError } from 'fastify/types/schema.js';

/** Custom formats: named so validation messages can say what the value should look like. */
export const FORMATS: Record<string, { pattern: RegExp; hint: string }> = {
  rrggbb: { pattern: /^#[0-9a-fA-F]{6}$/, hint: 'a colour in the form #rrggbb, e.g. #ffcc00' },
  decimal: { pattern: /^\d+(\.\d+)?$/, hint: 'a decimal number written as text, e.g. "1.0"' },
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Ajv instance type is not exported by Fastify
export function addFormats(ajv: any): any {
  for (const [name, f] of Object.entries(FORMATS)) ajv.addFormat(name, f.pattern);
  return ajv;
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
      case 'type':
        return `${name} must be ${params.type === 'integer' ? 'a whole number' : `of type ${String(params.type)}`}`;
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
