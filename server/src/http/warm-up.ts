import { Agent, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Caller } from '../services/account.service.js';
import { warmUpRequests } from './plugins/request-context.js';

/**
 * Who the warm-up's requests act as: an account in memory only, whose id no real account can have
 * (ids are `acct_` and letters and digits), so every read finds nothing of it and nothing is written.
 * Its requests pass the credential check (the generation API lets them through, see
 * `bearerAuth`), so the handlers, the validation and the replies are compiled too, not only the
 * refusal of a bad token.
 */
export const WARM_UP_CALLER: Caller = {
  accountId: 'acct_warm-up',
  agentPlatform: false,
  account: {
    id: 'acct_warm-up',
    name: 'warm-up',
    plan: 'free',
    credit_balance: 0,
    aigc_preference: 1,
    callback_url: null,
    callback_secret: '',
    v2_callback: 0,
    created_at: '1970-01-01T00:00:00.000Z',
    credit_warning_threshold: 0,
    credit_warning_sent: 0,
    live_account_id: null,
  },
  test: false,
};

/**
 * Routes clients poll all the time. Right after a start they are served by code V8 has not
 * compiled yet (Node's HTTP server as much as likeness), and with many clients polling at once the
 * first few hundred milliseconds answered several times slower than later (bench/api, "cold").
 */
const HOT_ROUTES = [
  '/api/v2/svc/video/task?task_id=warm-up',
  '/api/v2/svc/avatar/task?task_id=warm-up',
  '/api/v2/svc/voice/task?task_id=warm-up',
  '/api/v2/svc/account/credit',
];

const CONNECTIONS = 8;

function get(agent: Agent, port: number, path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, agent, headers: { authorization: 'Bearer warm-up' } },
      (res) => {
        res.resume();
        res.on('end', resolve);
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/**
 * Sends `requests` requests to the hot routes before the server listens, over real loopback HTTP
 * (a private server on an ephemeral port that hands them to the app), so Node's HTTP server,
 * routing, hooks, the credential check, the handlers and reply serialisation are compiled when the
 * first client arrives; `app.inject` skips the HTTP server and did not help. The requests act as
 * WARM_UP_CALLER, so they find nothing and change nothing; they are not logged. Takes a fraction of
 * a second. A failure here only means a colder start: it is not thrown.
 */
export async function warmUp(app: FastifyInstance, requests = 2000): Promise<void> {
  await app.ready();
  const server = createServer((req, res) => {
    warmUpRequests.add(req);
    app.routing(req, res);
  });
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  try {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    let sent = 0;
    const connection = async () => {
      while (sent < requests) await get(agent, port, HOT_ROUTES[sent++ % HOT_ROUTES.length]!);
    };
    await Promise.all(Array.from({ length: CONNECTIONS }, connection));
  } catch (err) {
    app.log.warn({ err }, 'warm-up failed; the first requests may be slower');
  } finally {
    agent.destroy();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}
