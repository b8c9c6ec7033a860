import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
  RouteOptions,
} from 'fastify';
import fp from 'fastify-plugin';
import { ERRORS } from '../../errors/app-error.js';
import type { ContractService } from '../../services/contract.service.js';
import {
  applyLeniency,
  capNotes,
  CONTRACT_HEADER,
  describeNotes,
  type ContractNote,
  type Typo,
} from './leniency.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Parameters sent that the endpoint does not define but that are close to one it does. */
    typos?: Typo[];
  }
}

/** No notes: the answer for a request within the contract. */
const NONE: ContractNote[] = [];

/**
 * Whether a parsed query string holds only the given parameters, each a value or a list of values
 * (so applyLeniency, which only notes unknown ones in a query, would find nothing). Pure.
 */
export function onlyParameters(known: ReadonlySet<string>, query: unknown): boolean {
  if (typeof query !== 'object' || query === null) return true;
  const record = query as Record<string, unknown>;
  for (const k in record) {
    if (!Object.hasOwn(record, k)) continue;
    const v = record[k];
    if (!known.has(k) || (typeof v === 'object' && v !== null && !Array.isArray(v))) return false;
  }
  return true;
}

/** Callback style: it runs for every request with a schema, and an async hook costs a promise each time. */
type Hook = (req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;

/**
 * Where a request steps outside the documented contract in a way the original service accepts (a
 * title past 20 characters, numbers sent as text, null for an optional parameter, unknown
 * parameters in the body or the query string, named with the known one they are close to: "did you
 * mean `st_show`?"), every route either accepts it and says so — a warning in the log
 * with the request id, the field and the documented rule; a count per account, operation and
 * field; the `x-likeness-contract` response header — or, in strict mode, refuses it with the
 * family's parameter code. The body of the response stays exactly as the spec defines it.
 */
export const contractLeniency = fp(async (app: FastifyInstance, opts: { contract: ContractService }) => {
  const { contract } = opts;
  app.addHook('onRoute', (route: RouteOptions) => {
    type Schema = Parameters<typeof applyLeniency>[0];
    const body = route.schema?.body as Schema | undefined;
    const query = route.schema?.querystring as Schema | undefined;
    if (!body && !query) return;
    const operation = `${String(route.method)} ${route.url}`;
    const report = async (req: FastifyRequest, op: string, notes: ContractNote[]) => {
      req.log.warn(
        { contract: notes.map(({ field, rule, done }) => ({ field, rule, done })), operation: op },
        'accepted a request outside the documented contract',
      );
      if (req.caller) await contract.record(req.caller.accountId, op, notes, req.id);
    };
    const queryParameters = new Set(Object.keys(query?.properties ?? {}));
    const check = (req: FastifyRequest, reply: FastifyReply): ContractNote[] => {
      // The query string is only checked for parameters it does not define (Fastify reads the rest):
      // a query of known parameters alone, as every poll sends, has nothing to say.
      const q =
        query && !onlyParameters(queryParameters, req.query)
          ? applyLeniency(query, req.query, contract.mode)
          : null;
      if (!body && !q) return NONE;
      const r = body
        ? applyLeniency(body, req.body, contract.mode)
        : { body: req.body, notes: [] as ContractNote[], typos: [] as Typo[], refusal: undefined };
      const typos = [...r.typos, ...(q?.typos ?? [])];
      if (typos.length > 0) req.typos = typos;
      const refusal = r.refusal ?? q?.refusal;
      if (refusal) throw ERRORS.invalid(refusal);
      const queryNotes = (q?.notes ?? []).filter((n) => n.kind === 'unknown-field');
      const notes = capNotes([...r.notes, ...queryNotes.map((n) => ({ ...n, field: `query ${n.field}` }))]);
      if (notes.length === 0) return notes;
      if (body) req.body = r.body;
      reply.header(CONTRACT_HEADER, describeNotes(notes));
      return notes;
    };
    const hook: Hook = (req, reply, done) => {
      let notes: ContractNote[];
      try {
        notes = check(req, reply);
      } catch (err) {
        return done(err as Error);
      }
      if (notes.length === 0) return done();
      report(req, operation, notes).then(() => done(), done);
    };
    const existing = route.preValidation;
    route.preValidation = [hook, ...(existing ? (Array.isArray(existing) ? existing : [existing]) : [])];
  });
});
