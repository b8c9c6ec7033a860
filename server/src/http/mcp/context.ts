import type { FastifyBaseLogger } from 'fastify';
import type { Container } from '../../container.js';
import type { Caller } from '../../services/account.service.js';

/** What every tool of one MCP request works with: the services, the authenticated caller, logging. */
export interface ToolContext {
  container: Container;
  caller: Caller;
  log: FastifyBaseLogger;
  requestId: string;
}
