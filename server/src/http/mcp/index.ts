import type { FastifyError, FastifyInstance } from 'fastify';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Container } from '../../container.js';
import { credentialProblem, readCredential } from '../plugins/bearer.js';
import { allowedHostnames, hostnameOf } from './hosts.js';
import { buildMcpServer } from './server.js';
import { callerForRequest } from '../../services/account.service.js';

/** A JSON-RPC error answer for failures before the MCP server takes the request. */
const rpcError = (code: number, message: string) => ({ jsonrpc: '2.0', error: { code, message }, id: null });

/**
 * The MCP endpoint: POST /mcp, Streamable HTTP, stateless (a new server and transport per request),
 * authenticated with the same API tokens as the HTTP APIs ("Bearer <token>" or the bare token, as the
 * clone API accepts). Tools call the same services as the HTTP routes.
 */
export async function mcpRoutes(app: FastifyInstance, opts: { container: Container }) {
  const { container } = opts;
  const allowed = allowedHostnames(container.config.server);

  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err.statusCode && err.statusCode < 500) {
      // Malformed JSON and the like: JSON-RPC's parse error.
      return reply.code(400).send(rpcError(-32700, `parse error: ${err.message}`));
    }
    req.log.error({ err }, 'MCP request failed');
    return reply.code(500).send(rpcError(-32603, `internal error (request ${req.id})`));
  });

  app.post('/mcp', { schema: { hide: true } }, async (req, reply) => {
    if (!allowed.has(hostnameOf(req.headers.host))) {
      return reply
        .code(403)
        .send(
          rpcError(
            -32000,
            `Host '${req.headers.host ?? ''}' is not served here; reach the endpoint through the service's public URL (LIKENESS_PUBLIC_URL)`,
          ),
        );
    }
    const key = readCredential(req.headers.authorization, true);
    const caller = key ? await container.services.accounts.authenticate(key) : null;
    if (!caller) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="likeness"')
        .send(
          rpcError(
            -32001,
            key
              ? 'invalid token: the API token is unknown or was rotated'
              : credentialProblem(req.headers.authorization, true),
          ),
        );
    }
    const server = buildMcpServer({
      container,
      caller: callerForRequest(caller, req.id),
      log: req.log,
      requestId: req.id,
    });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    // The transport writes the raw response from here on; Fastify's reply headers would not be sent.
    reply.raw.setHeader('x-request-id', req.id);
    reply.hijack();
    reply.raw.on('close', () => {
      void transport.close();
      void server.close();
    });
    try {
      await server.connect(transport);
      await transport.handleRequest(req.raw, reply.raw, req.body);
    } catch (err) {
      req.log.error({ err }, 'MCP request failed');
      if (!reply.raw.headersSent) {
        reply.raw.writeHead(500, { 'content-type': 'application/json' });
        reply.raw.end(JSON.stringify(rpcError(-32603, `internal error (request ${req.id})`)));
      }
    }
  });

  // Stateless: no server-initiated stream (GET) and no session to end (DELETE).
  for (const method of ['GET', 'DELETE'] as const) {
    app.route({
      method,
      url: '/mcp',
      schema: { hide: true },
      handler: (_req, reply) =>
        reply
          .code(405)
          .header('allow', 'POST')
          .send(
            rpcError(-32000, 'method not allowed: this MCP endpoint is stateless; send requests with POST'),
          ),
    });
  }
}
