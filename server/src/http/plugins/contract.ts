import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { ERRORS } from '../../errors/app-error.js';
import type { ContractService } from '../../services/contract.service.js';
import { applyLeniency, CONTRACT_HEADER, describeNotes, type ContractNote } from './leniency.js';

type Hook = (req: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * Where a request steps outside the documented contract in a way the original service accepts (a
 * title past 20 characters, numbers sent as text, null for an optional parameter, unknown
 * parameters), every route with a JSON body either accepts it and says so — a warning in the log
 * with the request id, the field and the documented rule; a count per account, operation and
 * field; the `x-likeness-contract` response header — or, in strict mode, refuses it with the
 * family's parameter code. The body of the response stays exactly as the spec defines it.
 */
export const contractLeniency = fp(async (app: FastifyInstance, opts: { contract: ContractService }) => {
  const { contract } = opts;
  app.addHook('onRoute', (route: RouteOptions) => {
    const schema = route.schema?.body as Parameters<typeof applyLeniency>[0] | undefined;
    if (!schema) return;
    const operation = `${String(route.method)} ${route.url}`;
    const report = async (req: FastifyRequest, op: string, notes: ContractNote[]) => {
      req.log.warn(
        { contract: notes.map(({ field, rule, done }) => ({ field, rule, done })), operation: op },
        'accepted a request outside the documented contract',
      );
      if (req.caller) await contract.record(req.caller.accountId, op, notes, req.id);
    };
    const hook: Hook = async (req, reply) => {
      const r = applyLeniency(schema, req.body, contract.mode);
      if (r.refusal) throw ERRORS.invalid(r.refusal);
      if (r.notes.length === 0) return;
      req.body = r.body;
      reply.header(CONTRACT_HEADER, describeNotes(r.notes));
      await report(req, operation, r.notes);
    };
    const existing = route.preValidation;
    route.preValidation = [hook, ...(existing ? (Array.isArray(existing) ? existing : [existing]) : [])];
  });
});
