import { and, eq } from 'drizzle-orm';
import { WEBHOOK_LIMITS, WEBHOOK_TEXT } from '@rushes/shared';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { guardedFetch, OutboundRefused, parseTrustedHosts } from '../../platform/http/outbound.ts';
import { secretBoxFor } from '../../platform/security/secretBox.ts';
import './webhooks.events.ts';
import { deliveryHeaders, isTrustedUrl } from './webhooks.sign.ts';

type Outcome = {
  status: number | null;
  body: string;
  durationMs: number;
  /** 'ok' delivered, 'retry' try again after the backoff, 'fail' give up now */
  verdict: 'ok' | 'retry' | 'fail';
};

/** The first 2 KB of a response body (the rest is not read). */
async function headOf(res: Response): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < WEBHOOK_LIMITS.responseBodyBytes) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } finally {
    void reader.cancel().catch(() => undefined);
  }
  return Buffer.concat(chunks).subarray(0, WEBHOOK_LIMITS.responseBodyBytes).toString('utf8');
}

/**
 * 2xx delivered; 408, 429 and 5xx (and no answer: a network error, a timeout) retried; any other
 * status (a 3xx: redirects are not followed; a 4xx: the receiver refused it) fails at once.
 */
const verdictOf = (status: number): Outcome['verdict'] =>
  status >= 200 && status < 300 ? 'ok' : status === 408 || status === 429 || status >= 500 ? 'retry' : 'fail';

/** The 'webhooks.send' job: one attempt of one delivery. Idempotent: a settled delivery is left alone. */
export function createWebhookSender(ctx: AppContext) {
  const trusted = parseTrustedHosts(ctx.config.OUTBOUND_TRUSTED_HOSTS);
  const fetcher = guardedFetch({ trustedHosts: trusted });
  const box = secretBoxFor(ctx.config, ctx.secret);

  async function attempt(url: string, secret: string, eventId: string, body: string): Promise<Outcome> {
    const target = new URL(url);
    if (target.protocol !== 'https:' && !isTrustedUrl(target, trusted))
      return { status: null, body: WEBHOOK_TEXT.httpsOnly, durationMs: 0, verdict: 'fail' };
    const started = performance.now();
    const took = () => Math.round(performance.now() - started);
    try {
      const res = await fetcher(url, {
        method: 'POST',
        headers: deliveryHeaders(secret, eventId, body),
        body,
        signal: AbortSignal.timeout(WEBHOOK_LIMITS.timeoutSeconds * 1000),
      });
      const text = await headOf(res);
      return { status: res.status, body: text, durationMs: took(), verdict: verdictOf(res.status) };
    } catch (err) {
      if (err instanceof OutboundRefused)
        return { status: null, body: WEBHOOK_TEXT.refusedPrivate, durationMs: took(), verdict: 'fail' };
      const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
      const reason = timedOut ? WEBHOOK_TEXT.timedOut : WEBHOOK_TEXT.networkError;
      return { status: null, body: reason, durationMs: took(), verdict: 'retry' };
    }
  }

  return async function send(deliveryId: string): Promise<void> {
    const [row] = await ctx.db
      .select({ d: webhookDeliveries, e: webhookEndpoints })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(eq(webhookDeliveries.id, deliveryId));
    if (!row || row.d.status !== 'pending') return;
    const { d, e } = row;
    const outcome: Outcome =
      e.enabled || d.isTest
        ? await attempt(e.url, box.open(e.secretSealed), d.eventId, JSON.stringify(d.payload))
        : { status: null, body: WEBHOOK_TEXT.endpointGone, durationMs: 0, verdict: 'fail' };
    const attempts = d.attempts + 1;
    const logged = {
      at: new Date().toISOString(),
      status: outcome.status,
      body: outcome.body,
      duration_ms: outcome.durationMs,
    };
    const factor = WEBHOOK_LIMITS.retryFactors[attempts - 1];
    const retry = outcome.verdict === 'retry' && factor !== undefined;
    const delaySeconds = retry ? factor * ctx.config.WEBHOOK_RETRY_BASE_SECONDS : 0;
    await ctx.db.transaction(async (tx) => {
      const updated = await tx
        .update(webhookDeliveries)
        .set({
          attempts,
          status: outcome.verdict === 'ok' ? 'succeeded' : retry ? 'pending' : 'failed',
          responseStatus: outcome.status,
          responseBody: outcome.body,
          durationMs: outcome.durationMs,
          attemptLog: [...d.attemptLog, logged].slice(-WEBHOOK_LIMITS.attemptsKept),
          nextAttemptAt: retry ? new Date(Date.now() + delaySeconds * 1000) : null,
          deliveredAt: outcome.verdict === 'ok' ? new Date() : null,
        })
        // a second run of this attempt (a lost lock) records nothing twice
        .where(and(eq(webhookDeliveries.id, d.id), eq(webhookDeliveries.attempts, d.attempts)))
        .returning({ id: webhookDeliveries.id });
      if (retry && updated.length > 0)
        await ctx.jobs.enqueue(tx, 'webhooks.send', { deliveryId: d.id }, { delaySeconds });
    });
  };
}
