import type { FastifyBaseLogger } from 'fastify';
import type { Container } from '../../container.js';
import type { Caller } from '../../services/account.service.js';
import type { RateLimiter } from '../app-v1-clone/rate-limit.js';

/** What every tool of one MCP request works with: the services, the authenticated caller, logging. */
export interface ToolContext {
  container: Container;
  caller: Caller;
  /** The clone operation's per-account rate limit, shared by all MCP requests of this app. */
  cloneLimiter: RateLimiter;
  log: FastifyBaseLogger;
  requestId: string;
}
