import type { FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import type { Container } from '../../container.js';
import { consoleApi } from './api.js';
import { consoleStatic } from './static.js';

/** The web console: its page and assets under /console/, its API under /console/api. */
export async function consoleRoutes(app: FastifyInstance, opts: { container: Container }): Promise<void> {
  await app.register(fastifyCookie);
  await consoleStatic(app);
  await app.register(consoleApi, { prefix: '/console/api', container: opts.container });
}
