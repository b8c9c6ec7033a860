import { randomBytes } from 'node:crypto';
import type { Config } from '../config.js';
import { addSeconds, iso, type Clock } from '../lib/clock.js';
import { sha256Hex } from '../lib/crypto.js';
import type { AccountRepository } from '../repositories/account.repository.js';
import type { ConsoleSessionRepository } from '../repositories/console-session.repository.js';
import type { Caller } from './account.service.js';

/** How long a console sign-in lasts (absolute, not sliding: a stolen cookie does not live for ever). */
export const SESSION_TTL_SEC = 7 * 24 * 3600;
/** How long a one-time sign-in link may wait before it is used. */
export const LINK_TTL_SEC = 15 * 60;

export interface ConsoleSession {
  accountId: string;
  expiresAt: string;
}

/**
 * Console sign-in. A session is a random id in an HttpOnly cookie; the database keeps only its
 * SHA-256, so a copy of the database signs no one in. Sessions are looked up on every request
 * (no cache), so signing out ends a session at once on every API process. Sessions are not tied
 * to the token used to sign in: rotating the token from the console keeps the console open.
 */
export class ConsoleSessionService {
  constructor(
    private readonly sessions: ConsoleSessionRepository,
    private readonly accounts: AccountRepository,
    private readonly config: Config,
    private readonly clock: Clock,
  ) {}

  /** Signs in with an API token; undefined when the token is unknown or revoked. */
  async signInWithToken(token: string): Promise<{ id: string; session: ConsoleSession } | undefined> {
    const found = await this.accounts.getByTokenHash(sha256Hex(token.trim()));
    return found ? this.open(found.account.id) : undefined;
  }

  /** Signs in with a one-time code; undefined when it is unknown, already used or expired. */
  async signInWithCode(code: string): Promise<{ id: string; session: ConsoleSession } | undefined> {
    const accountId = await this.sessions.consumeCode(sha256Hex(code.trim()), this.now());
    return accountId ? this.open(accountId) : undefined;
  }

  /** A one-time sign-in link for the account (`likeness console-link`, and `npm start` for the demo). */
  async createLink(accountId: string): Promise<{ code: string; url: string; expiresAt: string }> {
    const code = randomBytes(24).toString('base64url');
    const now = this.clock.now();
    const expiresAt = iso(addSeconds(now, LINK_TTL_SEC));
    await this.sessions.createCode({
      code_hash: sha256Hex(code),
      account_id: accountId,
      created_at: iso(now),
      expires_at: expiresAt,
    });
    // The code travels in the fragment: browsers never send it to a server, so it stays out of
    // access logs and Referer headers; the console posts it once.
    return { code, url: `${this.config.server.publicUrl}/console/#/sign-in?code=${code}`, expiresAt };
  }

  /** The session behind a cookie value, or undefined (unknown, ended, expired). */
  async get(id: string): Promise<ConsoleSession | undefined> {
    if (!id) return undefined;
    const row = await this.sessions.getLive(sha256Hex(id), this.now());
    return row ? { accountId: row.account_id, expiresAt: row.expires_at } : undefined;
  }

  /** The session's account as a caller of the spec's operations (the console's mirror of them). */
  async callerOf(session: ConsoleSession): Promise<Caller | undefined> {
    const account = await this.accounts.get(session.accountId);
    if (!account) return undefined;
    const tokens = await this.accounts.getTokens(account.id);
    return {
      accountId: account.id,
      account,
      agentPlatform: tokens.some((t) => t.revoked_at === null && t.agent_platform === 1),
      test: account.live_account_id !== null,
    };
  }

  async signOut(id: string): Promise<void> {
    if (id) await this.sessions.end(sha256Hex(id), this.now());
  }

  private async open(accountId: string): Promise<{ id: string; session: ConsoleSession }> {
    const id = randomBytes(32).toString('base64url');
    const now = this.clock.now();
    const expiresAt = iso(addSeconds(now, SESSION_TTL_SEC));
    // Old rows go with each sign-in: no timer, and any process may do it.
    await this.sessions.prune(iso(now));
    await this.sessions.create({
      id_hash: sha256Hex(id),
      account_id: accountId,
      created_at: iso(now),
      expires_at: expiresAt,
      ended_at: null,
    });
    return { id, session: { accountId, expiresAt } };
  }

  private now(): string {
    return iso(this.clock.now());
  }
}
