import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { Db } from '../db/connect.js';
import type { CallbackDeliveryRow, TaskRow } from '../db/schema.js';
import { ERRORS } from '../errors/app-error.js';
import { addSeconds, iso, type Clock } from '../lib/clock.js';
import { hmacHex } from '../lib/crypto.js';
import { newId } from '../lib/ids.js';
import { JobName, type JobQueue } from '../jobs/job-queue.js';
import { createSafePoster, type SafePoster } from '../net/safe-post.js';
import type { AccountRepository } from '../repositories/account.repository.js';
import type { CallbackRepository } from '../repositories/callback.repository.js';
import type { CreditWarningNotifier } from './credit.service.js';
import { CALLBACK_FAULTS, type CallbackFault } from './test-outcomes.js';
import type { UrlSigner } from './url-signer.js';

/**
 * Event types of the callbacks: 1–3 are the generation API's; 0 (a test sent from the console) and
 * 4 (the credit-warning reminder) are likeness's own (docs/decisions.md, "Console events").
 */
export const CallbackEvent = { Test: 0, Work: 1, Avatar: 2, Voice: 3, CreditWarning: 4 } as const;

/** The body of a test event (`task_id` names the delivery, so the receiver can match it). */
export function testEventBody(deliveryId: string): Record<string, unknown> {
  return {
    task_id: `test_${deliveryId}`,
    message: 'test event from the likeness console',
    code: 0,
    status: 3,
    type: CallbackEvent.Test,
  };
}

/** The body of a credit-warning reminder; `taskId` is the task whose debit crossed the threshold. */
export function creditWarningBody(
  taskId: string | null,
  balance: number,
  threshold: number,
): Record<string, unknown> {
  return {
    task_id: taskId ?? '',
    message: `credit balance ${balance} is below the reminder threshold ${threshold}`,
    code: 0,
    status: 3,
    type: CallbackEvent.CreditWarning,
    left: balance,
    threshold,
  };
}

/** A test task's callback fault (WorkInput.testCallback), or null. */
function callbackFaultOf(task: Pick<TaskRow, 'input'>): CallbackFault | null {
  try {
    const fault = (JSON.parse(task.input) as { testCallback?: unknown }).testCallback;
    return (CALLBACK_FAULTS as readonly unknown[]).includes(fault) ? (fault as CallbackFault) : null;
  } catch {
    return null;
  }
}

/** A late callback comes a tenth of the retry schedule (at least a second) after it would have given up. */
const lateMarginSec = (scheduleSec: number) => Math.max(1, scheduleSec / 10);
/** The true notice of an out-of-order pair follows the false one by this much. */
const OUT_OF_ORDER_GAP_SEC = 1;
/** What a bad-signature fault appends to the secret: the HMAC is well formed and wrong. */
const WRONG_KEY_SUFFIX = ':wrong';

interface QueuedDelivery {
  id?: string;
  accountId: string;
  taskId: string;
  eventType: number;
  url: string;
  body: string;
}

/** Task types that never send a callback (the spec: translate, sing, image-driven). */
const SILENT_TYPES = new Set(['video_translate', 'video_sing', 'video_image']);

export const SIGNATURE_HEADER = 'x-likeness-signature';
export const TIMESTAMP_HEADER = 'x-likeness-timestamp';

/** `v1=` + hex HMAC-SHA256 over `${timestamp}.${body}` with the account's callback secret. */
export function signCallback(secret: string, timestamp: string, body: string): string {
  return `v1=${hmacHex(secret, `${timestamp}.${body}`)}`;
}

/**
 * The exact body the spec lists for each event type; nothing more. No I/O of its own: `urlFor`
 * gives the result file's download URL (async, as the S3 store presigns it).
 */
export async function callbackBody(
  task: Pick<
    TaskRow,
    'id' | 'type' | 'family' | 'status' | 'error_code' | 'error_message' | 'title' | 'result'
  >,
  urlFor: (blobKey: string) => Promise<string>,
): Promise<{ type: number; body: Record<string, unknown> } | null> {
  if (SILENT_TYPES.has(task.type)) return null;
  const result = task.result
    ? (JSON.parse(task.result) as {
        avatar?: string;
        voice?: string;
        blobKey?: string;
        demoKey?: string;
        durationSec?: number;
      })
    : {};
  const ok = task.status === 3;
  const common = {
    task_id: task.id,
    message: ok ? '' : (task.error_message ?? 'failed'),
    code: ok ? 0 : (task.error_code ?? 99),
    status: task.status,
  };
  switch (task.family) {
    case 'work':
      return {
        type: CallbackEvent.Work,
        body: {
          ...common,
          type: CallbackEvent.Work,
          video_Url: ok && result.blobKey ? await urlFor(result.blobKey) : '',
          duration: ok ? Math.round(result.durationSec ?? 0) : 0,
          title: task.title ?? 'Untitled',
        },
      };
    case 'avatar':
      return {
        type: CallbackEvent.Avatar,
        body: { ...common, type: CallbackEvent.Avatar, avatar: ok ? (result.avatar ?? '') : '' },
      };
    case 'voice':
      return {
        type: CallbackEvent.Voice,
        body: {
          ...common,
          type: CallbackEvent.Voice,
          voice: ok ? (result.voice ?? '') : '',
          demo_url: ok && result.blobKey ? await urlFor(result.blobKey) : '',
        },
      };
    default:
      return null;
  }
}

/**
 * Completion callbacks: an outbox row per event written in the task's final transaction, then
 * delivered by a job. A non-200 answer is retried on the configured schedule (inside 5 minutes),
 * then the delivery is marked dead. Every request is signed, and sent through the same address
 * screening as fetched URLs (loopback and private addresses only when allow-listed; redirects are
 * not followed), so a callback URL cannot reach the service's own network.
 */
export class CallbackService implements CreditWarningNotifier {
  private readonly poster: SafePoster;

  constructor(
    private readonly deliveries: CallbackRepository,
    private readonly accounts: AccountRepository,
    private readonly urls: UrlSigner,
    private readonly queue: JobQueue,
    private readonly config: Config,
    private readonly clock: Clock,
    private readonly log: Logger,
  ) {
    this.poster = createSafePoster({
      allow: [...config.fetch.allow],
      timeoutMs: config.callbacks.timeoutMs,
      userAgent: 'likeness-callback/1',
    });
  }

  async onTaskFinished(task: TaskRow, trx: Db): Promise<void> {
    const event = await callbackBody(task, (key) => this.urls.downloadUrl(key));
    if (!event) return;
    const account = await this.accounts.get(task.account_id, trx);
    if (!account?.callback_url) return;
    if (event.type !== CallbackEvent.Work && account.v2_callback !== 1) return;
    const delivery = {
      accountId: account.id,
      taskId: task.id,
      eventType: event.type,
      url: account.callback_url,
      body: JSON.stringify(event.body),
    };
    const fault = account.live_account_id !== null ? callbackFaultOf(task) : null;
    if (!fault) {
      await this.queueDelivery(delivery, trx);
      return;
    }
    await this.queueFaulty(fault, delivery, event.body, trx);
  }

  /**
   * A test work's callback as `Prefer: likeness-callback=…` asked: dropped (recorded dead, never
   * sent), late (first sent after the whole retry schedule would have given up), out of order (a
   * failure notice for the task first, the true notice a second later; a failed task's notice is
   * simply sent), or marked for the delivery to send twice or sign wrongly.
   */
  private async queueFaulty(
    fault: CallbackFault,
    delivery: QueuedDelivery,
    body: Record<string, unknown>,
    trx: Db,
  ): Promise<void> {
    const now = this.clock.now();
    if (fault === 'drop') {
      await this.queueDelivery(delivery, trx, { dropped: true });
    } else if (fault === 'late') {
      const schedule = this.config.callbacks.retryScheduleSec.reduce((a, b) => a + b, 0);
      const afterRetries = schedule + lateMarginSec(schedule);
      await this.queueDelivery(delivery, trx, { runAt: addSeconds(now, afterRetries) });
    } else if (fault === 'out-of-order' && body.status === 3) {
      const early = {
        ...body,
        status: 4,
        code: 99,
        message: 'internal server error',
        video_Url: '',
        duration: 0,
      };
      await this.queueDelivery({ ...delivery, body: JSON.stringify(early) }, trx);
      await this.queueDelivery(delivery, trx, { runAt: addSeconds(now, OUT_OF_ORDER_GAP_SEC) });
    } else if (fault === 'duplicate' || fault === 'bad-signature') {
      await this.queueDelivery(delivery, trx, { testFault: fault });
    } else {
      await this.queueDelivery(delivery, trx);
    }
  }

  /**
   * The credit-warning reminder (CreditService calls it inside the debit's transaction, once per
   * crossing): event 4 to the account's callback URL, if it has one. Not behind the V2 switch,
   * which is about cloning messages.
   */
  async onCreditWarning(
    accountId: string,
    taskId: string | null,
    balance: number,
    threshold: number,
    trx: Db,
  ): Promise<void> {
    const account = await this.accounts.get(accountId, trx);
    if (!account?.callback_url) return;
    await this.queueDelivery(
      {
        accountId,
        taskId: taskId ?? '',
        eventType: CallbackEvent.CreditWarning,
        url: account.callback_url,
        body: JSON.stringify(creditWarningBody(taskId, balance, threshold)),
      },
      trx,
    );
  }

  /** Queues a test event (type 0) to the account's callback URL; returns the delivery id. */
  async sendTest(accountId: string): Promise<string> {
    return this.deliveries.transaction(async (trx) => {
      const url = await this.callbackUrlOf(accountId, trx);
      const id = newId('cb');
      await this.queueDelivery(
        {
          id,
          accountId,
          taskId: `test_${id}`,
          eventType: CallbackEvent.Test,
          url,
          body: JSON.stringify(testEventBody(id)),
        },
        trx,
      );
      return id;
    });
  }

  /**
   * Queues a delivery's body again, as a new delivery (new id, attempts from 0) to the account's
   * current callback URL; returns the new id. 14 for another account's or an unknown delivery.
   */
  async resend(accountId: string, deliveryId: string): Promise<string> {
    return this.deliveries.transaction(async (trx) => {
      const old = await this.deliveries.get(deliveryId, trx);
      if (!old || old.account_id !== accountId) throw ERRORS.notFound('callback delivery', deliveryId);
      const url = await this.callbackUrlOf(accountId, trx);
      return this.queueDelivery(
        { accountId, taskId: old.task_id, eventType: old.event_type, url, body: old.body },
        trx,
      );
    });
  }

  private async callbackUrlOf(accountId: string, trx: Db): Promise<string> {
    const account = await this.accounts.get(accountId, trx);
    if (!account) throw ERRORS.notFound('account', accountId);
    if (!account.callback_url)
      throw ERRORS.invalid('this account has no callback URL; set a callback URL first');
    return account.callback_url;
  }

  /**
   * An outbox row and its first delivery job, in the caller's transaction. Test faults: `runAt`
   * sends it later, `dropped` records it dead and sends nothing, `testFault` is read by deliver.
   */
  private async queueDelivery(
    d: QueuedDelivery,
    trx: Db,
    test: { runAt?: Date; dropped?: boolean; testFault?: CallbackFault } = {},
  ): Promise<string> {
    const id = d.id ?? newId('cb');
    const now = iso(this.clock.now());
    await this.deliveries.create(
      {
        id,
        account_id: d.accountId,
        task_id: d.taskId,
        event_type: d.eventType,
        url: d.url,
        body: d.body,
        state: test.dropped ? 'dead' : 'pending',
        attempts: 0,
        next_attempt_at: test.runAt ? iso(test.runAt) : now,
        last_status: null,
        last_error: test.dropped ? 'dropped: the request asked for Prefer: likeness-callback=drop' : null,
        last_latency_ms: null,
        test_fault: test.testFault ?? null,
        created_at: now,
        finished_at: test.dropped ? now : null,
      },
      trx,
    );
    if (!test.dropped) {
      await this.queue.enqueue(JobName.CallbackDeliver, { deliveryId: id }, { trx, runAt: test.runAt });
    }
    return id;
  }

  /** One delivery attempt; schedules the next one or gives up. */
  async deliver(deliveryId: string, signal: AbortSignal): Promise<void> {
    const d = await this.deliveries.get(deliveryId);
    if (!d || d.state !== 'pending') return;
    const account = await this.accounts.get(d.account_id);
    if (!account) return;
    const timestamp = String(Math.floor(this.clock.now().getTime() / 1000));
    const attempt = d.attempts + 1;
    let status: number | null = null;
    let error: string | null = null;
    // From sending to the receiver's answer; null when there was no answer (refused, timed out).
    let latencyMs: number | null = null;
    const sentAt = performance.now();
    // Test faults: a wrong key signs it, or it is sent twice with the same delivery id (as an
    // at-least-once sender does when an answer is lost).
    const secret =
      d.test_fault === 'bad-signature'
        ? `${account.callback_secret}${WRONG_KEY_SUFFIX}`
        : account.callback_secret;
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'likeness-callback/1',
      [TIMESTAMP_HEADER]: timestamp,
      [SIGNATURE_HEADER]: signCallback(secret, timestamp, d.body),
      'x-likeness-delivery': d.id,
    };
    try {
      status = await this.poster.post(d.url, d.body, headers, signal);
      if (d.test_fault === 'duplicate' && status === 200) {
        status = await this.poster.post(d.url, d.body, headers, signal);
      }
      latencyMs = Math.round(performance.now() - sentAt);
      if (status !== 200) error = `receiver answered HTTP ${status}`;
    } catch (err) {
      error = err instanceof Error ? err.message : String(err);
    }
    const now = this.clock.now();
    if (error === null) {
      await this.deliveries.update(d.id, {
        state: 'delivered',
        attempts: attempt,
        last_status: status,
        last_error: null,
        last_latency_ms: latencyMs,
        finished_at: iso(now),
      });
      return;
    }
    const schedule = this.config.callbacks.retryScheduleSec;
    const delay = schedule[attempt - 1];
    if (delay === undefined) {
      await this.deliveries.update(d.id, {
        state: 'dead',
        attempts: attempt,
        last_status: status,
        last_error: error,
        last_latency_ms: latencyMs,
        finished_at: iso(now),
      });
      this.log.warn({ delivery: d.id, task: d.task_id, error }, 'callback dropped after its last retry');
      return;
    }
    const next = addSeconds(now, delay);
    await this.deliveries.update(d.id, {
      attempts: attempt,
      last_status: status,
      last_error: error,
      last_latency_ms: latencyMs,
      next_attempt_at: iso(next),
    });
    await this.queue.enqueue(JobName.CallbackDeliver, { deliveryId: d.id }, { runAt: next });
  }

  /** The newest deliveries (of one account, or of all), each with its last attempt's latency. */
  list(accountId: string | null, limit = 50): Promise<CallbackDeliveryRow[]> {
    return this.deliveries.getAll(accountId, limit);
  }

  /** Nothing to release: every delivery opens its own connection, pinned to the address it vetted. */
  close(): void {}
}
