import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Container } from '../../container.js';
import { ERRORS } from '../../errors/app-error.js';
import { SvcCode } from '../../errors/codes.js';
import { callerOf } from '../v2-svc/caller.js';
import { ConsoleError, Me, NewToken, SettingsPatch, SignInBody } from './schemas.js';
import { clearSessionCookie, consoleSessionOf, sessionCookie, setSessionCookie } from './session.js';

/** Sign-in and sign-out, the account's settings and its API token. */
export const accountRoutes: FastifyPluginAsyncTypebox<{ container: Container }> = async (
  app,
  { container },
) => {
  const { consoleSessions, accounts, credits } = container.services;
  const config = container.config;

  const me = async (accountId: string, sessionExpiresAt: string): Promise<Me> => {
    const [s, reserved] = await Promise.all([accounts.settings(accountId), credits.reserved(accountId)]);
    return {
      account_id: s.account_id,
      name: s.name,
      plan: s.plan,
      agent_platform: s.agent_platform,
      token_prefix: s.token_prefix,
      balance: s.credits,
      reserved,
      credit_warning_threshold: s.credit_warning_threshold,
      credit_warning_active: s.credit_warning_active,
      aigc: s.aigc === 2 ? 2 : 1,
      callback_url: s.callback_url,
      v2_callback: s.v2_callback === 'on',
      session_expires_at: sessionExpiresAt,
      test_mode: s.test_mode,
      test: s.test ? { token_prefix: s.test.token_prefix, balance: s.test.credits } : null,
    };
  };

  app.post(
    '/session',
    { schema: { body: SignInBody, response: { 200: Me, 401: ConsoleError } } },
    async (req, reply) => {
      const body = req.body;
      const opened =
        'token' in body
          ? await consoleSessions.signInWithToken(body.token)
          : await consoleSessions.signInWithCode(body.code);
      if (!opened) {
        return reply.code(401).send({
          code: SvcCode.InvalidToken,
          message:
            'token' in body
              ? 'unknown API token: paste the current token of your account (a rotated token no longer works)'
              : 'this sign-in link was already used or has expired: ask for a new one (likeness console-link)',
          request_id: req.id,
        });
      }
      setSessionCookie(reply, config, opened.id);
      return me(opened.session.accountId, opened.session.expiresAt);
    },
  );

  app.delete('/session', async (req, reply) => {
    await consoleSessions.signOut(sessionCookie(req));
    clearSessionCookie(reply, config);
    return reply.code(204).send();
  });

  app.get('/me', { schema: { response: { 200: Me } } }, async (req) => {
    const session = consoleSessionOf(req);
    return me(session.accountId, session.expiresAt);
  });

  app.patch('/settings', { schema: { body: SettingsPatch, response: { 200: Me } } }, async (req) => {
    const session = consoleSessionOf(req);
    const p = req.body;
    let callbackUrl: string | null | undefined = p.callback_url;
    if (typeof callbackUrl === 'string') {
      callbackUrl = callbackUrl.trim() || null;
      if (callbackUrl !== null && !isHttpUrl(callbackUrl)) {
        throw ERRORS.invalid(`callback_url must be an http(s) URL, got '${callbackUrl}'`);
      }
    }
    await accounts.update(session.accountId, {
      callbackUrl,
      v2Callback: p.v2_callback,
      aigc: p.aigc,
      creditWarningThreshold: p.credit_warning_threshold,
    });
    return me(session.accountId, session.expiresAt);
  });

  app.post('/token/rotate', { schema: { response: { 200: NewToken } } }, async (req) => {
    const token = await accounts.rotateToken(callerOf(req).accountId);
    return { token, token_prefix: (await accounts.settings(callerOf(req).accountId)).token_prefix };
  });

  /** Test mode: a test token for the signed-in live account (the earlier one stops working). */
  app.post('/test-token', { schema: { response: { 200: NewToken } } }, async (req) => {
    const caller = callerOf(req);
    if (caller.test) throw ERRORS.invalid('sign in with the live token to make test tokens');
    const { token } = await accounts.createTestToken(caller.accountId);
    return { token, token_prefix: (await accounts.settings(caller.accountId)).test!.token_prefix };
  });

  /** Test mode: the signed-in live account's test balance back to its starting amount. */
  app.post('/test-balance/reset', { schema: { response: { 200: Me } } }, async (req) => {
    const session = consoleSessionOf(req);
    if (callerOf(req).test) throw ERRORS.invalid('sign in with the live token to reset the test balance');
    await accounts.resetTestBalance(session.accountId);
    return me(session.accountId, session.expiresAt);
  });
};

function isHttpUrl(v: string): boolean {
  try {
    const u = new URL(v);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}
