import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { API, WEBHOOK_TEXT, type WebhookDeliveryView } from '@rushes/shared';
import { jobs, webhookDeliveries } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { person, team, type Person } from '../../../test/factories.ts';
import { nextDeliveriesPurge, purgeDeliveries, purgeDeliveriesJob } from './webhooks.purge.ts';
import { receiver } from './webhooks.testkit.ts';
import { webhooksModule } from './index.ts';

/**
 * What a team admin sees and does after a delivery: every attempt with its answer, Resend of a
 * failed delivery (the same event id, one more attempt; the admin's only), and the daily purge of
 * deliveries past WEBHOOK_DELIVERY_RETENTION_DAYS.
 */
const P = API.webhooks;
let t: TestApp;
let admin: Person;
let member: Person;
let stranger: Person;
let teamId: string;
let rx: Awaited<ReturnType<typeof receiver>>;

beforeAll(async () => {
  t = await createTestApp({ OUTBOUND_TRUSTED_HOSTS: '127.0.0.2', WEBHOOK_RETRY_BASE_SECONDS: '0.05' });
  [admin, member, stranger] = await Promise.all([person(t), person(t), person(t)]);
  teamId = await team(t, admin, { members: [member] });
  await team(t, stranger);
  rx = await receiver();
}, 120_000);
afterAll(async () => {
  await rx?.close();
  await t?.close();
});

const as = (who: Person | null) => (who ? { cookie: who.cookie } : {});
const post = <T>(url: string, who: Person | null, body: object) =>
  t.call<T>('POST', url, { ...as(who), body });

async function addEndpoint() {
  const res = await post<{ endpoint: { webhook_endpoint_db_id: string } }>(P.root, admin, {
    team_db_id: teamId,
    url: rx.url,
    events: ['task.created'],
  });
  return res.body.data.endpoint.webhook_endpoint_db_id;
}

const listed = async (endpointId: string) =>
  (
    await t.call<{ deliveries: WebhookDeliveryView[] }>('GET', P.deliveries, {
      ...as(admin),
      query: { webhook_endpoint_db_id: endpointId },
    })
  ).body.data.deliveries;

/** Sends a ping and runs the queue until nothing is due (a 4xx answer is final at once). */
async function pingSettled(endpointId: string) {
  const res = await post<{ delivery: WebhookDeliveryView }>(P.test, admin, {
    webhook_endpoint_db_id: endpointId,
  });
  await t.ctx.jobs.drainForTests();
  return res.body.data.delivery.webhook_delivery_db_id;
}

describe('attempts and Resend', () => {
  it('a failed delivery sent again keeps its event id and lists both attempts with their answers', async () => {
    const endpointId = await addEndpoint();
    rx.got.length = 0;
    rx.answer([422]);
    const id = await pingSettled(endpointId);
    const [failed] = await listed(endpointId);
    expect(failed).toMatchObject({ status: 'failed', attempts: 1, response_status: 422 });
    expect(failed.attempt_log).toMatchObject([{ status: 422, body: 'answer 422' }]);

    rx.answer([200]);
    const res = await post<{ message: string; delivery: WebhookDeliveryView }>(P.resend, admin, {
      webhook_delivery_db_id: id,
    });
    expect(res.body.data.message).toBe(WEBHOOK_TEXT.resent);
    expect(res.body.data.delivery.status).toBe('pending');
    await t.ctx.jobs.drainForTests();
    const [resent] = await listed(endpointId);
    expect(resent).toMatchObject({ status: 'succeeded', attempts: 2, response_status: 200 });
    expect(resent.attempt_log.map((a) => [a.status, a.body])).toEqual([
      [422, 'answer 422'],
      [200, 'answer 200'],
    ]);
    for (const a of resent.attempt_log) {
      expect(Date.parse(a.at)).toBeGreaterThan(0);
      expect(a.duration_ms).toBeGreaterThanOrEqual(0);
    }
    // the same event, the same bytes: the receiver's idempotency key holds
    expect(rx.got).toHaveLength(2);
    expect(rx.got[1].headers['rushes-event-id']).toBe(rx.got[0].headers['rushes-event-id']);
    expect(rx.got[1].body).toBe(rx.got[0].body);

    // only a failed delivery is sent again
    const again = await post(P.resend, admin, { webhook_delivery_db_id: id });
    expect(again.status).toBe(400);
    expect(again.body.errormessage).toBe(WEBHOOK_TEXT.onlyFailedResend);
    expect(rx.got).toHaveLength(2);
  });

  it('a member who is not the admin, another team and anonymous callers cannot resend', async () => {
    const endpointId = await addEndpoint();
    rx.answer([410]);
    const id = await pingSettled(endpointId);
    rx.answer([200]);
    rx.got.length = 0;
    for (const [who, status] of [
      [member, 403],
      [stranger, 403],
      [null, 401],
    ] as const) {
      const res = await post(P.resend, who, { webhook_delivery_db_id: id });
      expect(res.status, who ? who.email : 'anonymous').toBe(status);
    }
    const unknown = await post(P.resend, admin, { webhook_delivery_db_id: crypto.randomUUID() });
    expect(unknown.status).toBe(404);
    await t.ctx.jobs.drainForTests();
    const [d] = await t.ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
    expect(d).toMatchObject({ status: 'failed', attempts: 1 });
    expect(rx.got).toHaveLength(0);
  });
});

describe('the daily purge', () => {
  it('deletes settled deliveries past the retention and keeps newer ones and those still pending', async () => {
    const endpointId = await addEndpoint();
    const days = t.ctx.config.WEBHOOK_DELIVERY_RETENTION_DAYS;
    expect(days).toBe(30);
    const at = (d: number) => new Date(Date.now() - d * 86_400_000);
    const row = (d: number, status: string) => ({
      endpointId,
      eventId: crypto.randomUUID(),
      event: 'task.created',
      payload: {},
      status,
      createdAt: at(d),
    });
    const made = await t.ctx.db
      .insert(webhookDeliveries)
      .values([
        row(days + 2, 'succeeded'),
        row(days + 0.5, 'failed'),
        row(days + 1, 'pending'),
        row(days - 0.5, 'succeeded'),
        row(1, 'failed'),
      ])
      .returning({ id: webhookDeliveries.id });
    expect(await purgeDeliveries(t.ctx)).toBe(2);
    const left = await t.ctx.db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(
        inArray(
          webhookDeliveries.id,
          made.map((m) => m.id),
        ),
      );
    expect(left.map((r) => r.id).sort()).toEqual(
      made
        .slice(2)
        .map((m) => m.id)
        .sort(),
    );
  });

  it('is booked by the module at start-up once a day, and each run books the next', async () => {
    expect(nextDeliveriesPurge(Date.parse('2026-12-07T05:00:00Z'))).toEqual({
      runAt: new Date('2026-12-08T03:30:00Z'),
      singletonKey: 'webhooks.purge:2026-12-08',
    });
    expect(nextDeliveriesPurge(Date.parse('2026-12-07T01:00:00Z')).singletonKey).toBe(
      'webhooks.purge:2026-12-07',
    );
    const booked = () =>
      t.ctx.db
        .select({ key: jobs.singletonKey })
        .from(jobs)
        .where(and(eq(jobs.name, 'webhooks.purge'), eq(jobs.state, 'queued')));
    const { singletonKey } = nextDeliveriesPurge();
    // the module's start-up schedule, run by two nodes of a cluster: one booking
    for (let node = 0; node < 2; node++) for (const s of webhooksModule.schedules ?? []) await s(t.ctx);
    expect(await booked()).toEqual([{ key: singletonKey }]);
    await t.ctx.db.delete(jobs).where(eq(jobs.name, 'webhooks.purge'));
    await purgeDeliveriesJob(t.ctx)();
    expect(await booked()).toEqual([{ key: singletonKey }]);
  });
});
