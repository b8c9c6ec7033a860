import type { FastifyInstance } from 'fastify';
import { Ajv, type Options, type ValidateFunction } from 'ajv';
import ajvFormats from 'ajv-formats';
import { addFormats } from './validation.js';
import { LENIENT_KEYWORD } from './leniency.js';

/** Fastify's own defaults, less the coercion that differs by part (see below). */
const BASE: Options = { useDefaults: true, removeAdditional: true, allErrors: false };

function makeAjv(opts: Options): Ajv {
  const ajv = new Ajv({ ...BASE, ...opts });
  ajvFormats.default(ajv);
  addFormats(ajv);
  // An annotation read by the leniency pass (a title past its limit may be cut); not a rule.
  ajv.addKeyword({ keyword: LENIENT_KEYWORD, schemaType: 'string' });
  return ajv;
}

/**
 * JSON bodies are validated as sent: an array, object or boolean where a string or integer is
 * expected is refused, never unwrapped or converted (the leniency pass, which runs first, decides
 * the few documented exceptions). Query strings, path parameters and headers are text by nature,
 * so "page=2" still becomes the integer 2 there.
 */
export function setValidators(app: FastifyInstance): void {
  const body = makeAjv({ coerceTypes: false, verbose: true });
  const text = makeAjv({ coerceTypes: 'array' });
  app.setValidatorCompiler(({ schema, httpPart }) =>
    httpPart === 'body' ? body.compile(schema as object) : finiteOnly(text.compile(schema as object)),
  );
}

/**
 * Ajv coerces the text "Infinity" to a number that passes an integer type check and skips
 * minimum/maximum (they apply to finite numbers only), so `?page=Infinity` would reach the
 * database. Query values coerced to a non-finite number are refused as not whole numbers.
 */
function finiteOnly(validate: ValidateFunction): ValidateFunction {
  const wrapped = ((data: unknown) => {
    if (!validate(data)) {
      wrapped.errors = validate.errors;
      return false;
    }
    const bad =
      data && typeof data === 'object'
        ? Object.entries(data).find(([, v]) => typeof v === 'number' && !Number.isFinite(v))
        : undefined;
    wrapped.errors = bad
      ? [{ keyword: 'type', instancePath: `/${bad[0]}`, schemaPath: '', params: { type: 'integer' } }]
      : null;
    return !bad;
  }) as ValidateFunction;
  return wrapped;
}
