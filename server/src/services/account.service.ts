import { randomBytes } from 'node:crypto';
import type { Config, Plan } from '../config.js';
import type { Db } from '../db/connect.js';
import type { AccountRow } from '../db/schema.js';
import { iso, type Clock } from '../lib/clock.js';
import { sha256Hex } from '../lib/crypto.js';
import { newId, newToken } from '../lib/ids.js';
import type { AccountRepository } from '../repositories/account.repository.js';
import { creditWarningActive, type CreditService } from './credit.service.js';
import { TEST_BALANCE, TEST_TOKEN_PREFIX } from './test-mode.js';
import type { TestPreferences } from './test-outcomes.js';

/** Who is calling: resolved from the bearer token by the HTTP layer, passed to every service call. */
export interface Caller {
  accountId: string;
  account: AccountRow;
  /** The token was issued for a third-party agent platform: svc_id is required where the spec says. */
  agentPlatform: boolean;
  /** The request acting for the caller, whose id the services' log lines carry; absent outside HTTP. */
  requestId?: string;
  /** A test token: the account is its live account's test twin (services/test-mode.ts). */
  test: boolean;
  /** What a test token's request asks for in its `Prefer` header (services/test-outcomes). */
  testPreferences?: TestPreferences;
}

/**
 * The caller as one request acts for it: the same account and token facts with the request's id.
 * Written out field by field, not spread: every request makes one, and spreading an object into a
 * literal with a field added took V8's slow path (about 1.5 µs of a polled query's ~40).
 */
export function callerForRequest(caller: Caller, requestId: string): Caller {
  return {
    accountId: caller.accountId,
    account: caller.account,
    agentPlatform: caller.agentPlatform,
    requestId,
    test: caller.test,
    testPreferences: caller.testPreferences,
  };
}

export interface AccountSettings {
  account_id: string;
  name: string;
  plan: string;
  credits: number;
  aigc: number;
  callback_url: string | null;
  callback_secret: string;
  v2_callback: 'on' | 'off';
  agent_platform: boolean;
  /** First characters of the live token (operators and the console tell tokens apart by them). */
  token_prefix: string;
  /** Credit-warning reminder threshold (0 = off). */
  credit_warning_threshold: number;
  /** A threshold is set and the balance is below it (the console's banner). */
  credit_warning_active: boolean;
  /** Test mode: the test token's first characters and the test balance; null before a test token is made. */
  test: { token_prefix: string; credits: number } | null;
  /** This account is a test twin (its tokens are test tokens). */
  test_mode: boolean;
}

export interface AccountPatch {
  callbackUrl?: string | null;
  v2Callback?: boolean;
  aigc?: 0 | 1 | 2;
  creditsAdd?: number;
  plan?: Plan;
  agentPlatform?: boolean;
  /** Credit-warning reminder threshold, 0 = off; judged against the balance at once, silently. */
  creditWarningThreshold?: number;
}

/** A new callback signing secret (URL-safe, 192 bits). */
const newCallbackSecret = () => randomBytes(24).toString('base64url');

/** A test token: the live format with the test prefix (`lk_test_` and 43 random characters). */
const newTestToken = () => `${TEST_TOKEN_PREFIX}${newToken().slice('lk_'.length)}`;

/** How long a verified token is trusted without another lookup (rotation by the CLI takes effect within this). */
const AUTH_CACHE_MS = 5_000;

export class AccountService {
  private readonly authCache = new Map<string, { caller: Caller; until: number }>();

  constructor(
    private readonly db: Db,
    private readonly accounts: AccountRepository,
    private readonly credits: CreditService,
    private readonly config: Config,
    private readonly clock: Clock,
  ) {}

  /** Creates an account and its first token. The token is returned once and stored only hashed. */
  async create(opts: { name?: string; credits?: number; plan?: Plan; agentPlatform?: boolean }) {
    const id = newId('acc');
    const token = newToken();
    const now = iso(this.clock.now());
    await this.db.transaction().execute(async (trx) => {
      await this.accounts.create(
        {
          id,
          name: opts.name ?? id,
          plan: opts.plan ?? this.config.plans.defaultPlan,
          credit_balance: 0,
          aigc_preference: 1,
          callback_url: null,
          callback_secret: newCallbackSecret(),
          v2_callback: 0,
          created_at: now,
        },
        trx,
      );
      await this.insertToken(id, token, opts.agentPlatform ?? false, trx);
      if (opts.credits && opts.credits > 0) await this.credits.topUp(id, opts.credits, trx);
    });
    return { account_id: id, token };
  }

  /**
   * Issues a test token for a live account (revoking its earlier test tokens, as rotateToken does
   * live ones), making the account's test twin on first use: an account of its own with
   * TEST_BALANCE test credits and the live account's settings. Returned once, stored hashed.
   */
  async createTestToken(accountId: string): Promise<{ token: string; test_account_id: string }> {
    this.authCache.clear();
    const token = newTestToken();
    let twinId = '';
    await this.db.transaction().execute(async (trx) => {
      const live = await this.accounts.get(accountId, trx);
      if (!live) throw new Error(`account ${accountId} not found`);
      if (live.live_account_id !== null) {
        throw new Error(
          `account ${accountId} is a test account; make test tokens for ${live.live_account_id}`,
        );
      }
      let twin = await this.accounts.getTestTwin(accountId, trx);
      if (!twin) {
        twinId = newId('acc');
        await this.accounts.create(
          {
            id: twinId,
            name: `${live.name} (test)`,
            plan: live.plan,
            credit_balance: 0,
            aigc_preference: live.aigc_preference,
            callback_url: live.callback_url,
            callback_secret: live.callback_secret,
            v2_callback: live.v2_callback,
            created_at: iso(this.clock.now()),
            live_account_id: accountId,
          },
          trx,
        );
        await this.credits.topUp(twinId, TEST_BALANCE, trx);
        twin = await this.accounts.get(twinId, trx);
      }
      twinId = twin!.id;
      await this.accounts.revokeTokens(twinId, iso(this.clock.now()), trx);
      await this.insertToken(twinId, token, false, trx);
    });
    return { token, test_account_id: twinId };
  }

  /** Sets a live account's test balance back to TEST_BALANCE (one ledger entry); returns it. */
  async resetTestBalance(accountId: string): Promise<number> {
    const twin = await this.accounts.getTestTwin(accountId);
    if (!twin) throw new Error(`account ${accountId} has no test token yet; make one first`);
    await this.db.transaction().execute(async (trx) => {
      await this.credits.lockAccount(twin.id, trx);
      const balance = (await this.accounts.get(twin.id, trx))!.credit_balance;
      await this.credits.topUp(twin.id, TEST_BALANCE - balance, trx);
    });
    return TEST_BALANCE;
  }

  private async insertToken(accountId: string, token: string, agentPlatform: boolean, trx: Db) {
    await this.accounts.createToken(
      {
        id: newId('tok'),
        account_id: accountId,
        token_hash: sha256Hex(token),
        // Test tokens share their first 8 characters (lk_test_): 4 more tell them apart.
        token_prefix: token.slice(0, token.startsWith(TEST_TOKEN_PREFIX) ? 12 : 8),
        agent_platform: agentPlatform ? 1 : 0,
        created_at: iso(this.clock.now()),
        revoked_at: null,
      },
      trx,
    );
  }

  /**
   * The caller of a token authenticated in the last moments (AUTH_CACHE_MS), without waiting: a
   * polled query answers without a turn of the event loop for it. undefined: not known, ask
   * `authenticate`.
   */
  cachedCaller(token: string): Caller | undefined {
    // Keyed by the presented token: a hit costs one map lookup, no hashing.
    const hit = this.authCache.get(token);
    return hit && hit.until > Date.now() ? hit.caller : undefined;
  }

  async authenticate(token: string): Promise<Caller | null> {
    if (!token) return null;
    const cached = this.cachedCaller(token);
    if (cached) return cached;
    const now = Date.now();
    const found = await this.accounts.getByTokenHash(sha256Hex(token));
    if (!found) {
      this.authCache.delete(token);
      return null;
    }
    const caller: Caller = {
      accountId: found.account.id,
      account: found.account,
      agentPlatform: found.token.agent_platform === 1,
      test: found.account.live_account_id !== null,
    };
    if (this.authCache.size > 10_000) this.authCache.clear();
    this.authCache.set(token, { caller, until: now + AUTH_CACHE_MS });
    return caller;
  }

  /** Resolves an account by id or by one of its tokens (the CLI accepts either). */
  async resolve(ref: { accountId?: string; token?: string }): Promise<AccountRow | undefined> {
    if (ref.token) return (await this.accounts.getByTokenHash(sha256Hex(ref.token)))?.account;
    if (ref.accountId) return this.accounts.get(ref.accountId);
    return undefined;
  }

  async update(accountId: string, patch: AccountPatch): Promise<AccountSettings> {
    this.authCache.clear();
    await this.db.transaction().execute(async (trx) => {
      const set: Parameters<AccountRepository['update']>[1] = {};
      if (patch.callbackUrl !== undefined) set.callback_url = patch.callbackUrl;
      if (patch.v2Callback !== undefined) set.v2_callback = patch.v2Callback ? 1 : 0;
      if (patch.aigc !== undefined) set.aigc_preference = patch.aigc === 2 ? 2 : 1;
      if (patch.plan !== undefined) set.plan = patch.plan;
      // The test twin follows its live account's settings (its callbacks go where live ones go,
      // signed alike); credits and the credit warning stay each account's own.
      if (Object.keys(set).length > 0) await this.accounts.updateWithTestTwin(accountId, set, trx);
      if (patch.agentPlatform !== undefined)
        await this.accounts.setAgentPlatform(accountId, patch.agentPlatform, trx);
      // Before a credit change in the same patch, so a debit then crosses the new threshold as any would.
      if (patch.creditWarningThreshold !== undefined)
        await this.credits.setWarningThreshold(accountId, patch.creditWarningThreshold, trx);
      if (patch.creditsAdd) await this.credits.topUp(accountId, patch.creditsAdd, trx);
    });
    return this.settings(accountId);
  }

  /** Revokes every live token and issues a new one (a test twin's tokens stay test tokens). */
  async rotateToken(accountId: string): Promise<string> {
    this.authCache.clear();
    const twin = (await this.accounts.get(accountId))?.live_account_id != null;
    const token = twin ? newTestToken() : newToken();
    await this.db.transaction().execute(async (trx) => {
      const agent = (await this.accounts.getTokens(accountId, trx)).some(
        (t) => t.revoked_at === null && t.agent_platform === 1,
      );
      await this.accounts.revokeTokens(accountId, iso(this.clock.now()), trx);
      await this.insertToken(accountId, token, agent, trx);
    });
    return token;
  }

  /** Replaces the secret callbacks are signed with; returns the new one (later deliveries use it). */
  async rotateCallbackSecret(accountId: string): Promise<string> {
    if (!(await this.accounts.get(accountId))) throw new Error(`account ${accountId} not found`);
    this.authCache.clear();
    const secret = newCallbackSecret();
    await this.accounts.updateWithTestTwin(accountId, { callback_secret: secret });
    return secret;
  }

  async settings(accountId: string): Promise<AccountSettings> {
    const a = await this.accounts.get(accountId);
    if (!a) throw new Error(`account ${accountId} not found`);
    const live = (await this.accounts.getTokens(accountId)).filter((t) => t.revoked_at === null);
    const twin = await this.accounts.getTestTwin(accountId);
    const testToken = twin
      ? (await this.accounts.getTokens(twin.id)).filter((t) => t.revoked_at === null).at(-1)
      : undefined;
    return {
      account_id: a.id,
      name: a.name,
      plan: a.plan,
      credits: a.credit_balance,
      aigc: a.aigc_preference,
      callback_url: a.callback_url,
      callback_secret: a.callback_secret,
      v2_callback: a.v2_callback === 1 ? 'on' : 'off',
      agent_platform: live.some((t) => t.agent_platform === 1),
      token_prefix: live.at(-1)?.token_prefix ?? '',
      credit_warning_threshold: a.credit_warning_threshold,
      credit_warning_active: creditWarningActive(a.credit_balance, a.credit_warning_threshold),
      test: twin ? { token_prefix: testToken?.token_prefix ?? '', credits: twin.credit_balance } : null,
      test_mode: a.live_account_id !== null,
    };
  }

  async list(): Promise<AccountSettings[]> {
    const all = await this.accounts.getAllLive();
    return Promise.all(all.map((a) => this.settings(a.id)));
  }

  /**
   * On first start, creates a demo account so `npm start` is immediately usable; its token is
   * written to the data dir (readable only by the operator) and printed once.
   */
  async ensureDemoAccount(): Promise<{ accountId: string; token: string } | null> {
    if (!this.config.demoAccount.enabled) return null;
    const existing = await this.accounts.getAllLive();
    if (existing.some((a) => a.name === 'demo')) return null;
    const created = await this.create({
      name: 'demo',
      credits: this.config.demoAccount.credits,
      plan: 'pro',
    });
    return { accountId: created.account_id, token: created.token };
  }
}
