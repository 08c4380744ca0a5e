// system programs: openssl
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import {
  API,
  INGEST_STATUS,
  ROUTES,
  WEBHOOK_EVENT_NAMES,
  WEBHOOK_LIMITS,
  WEBHOOK_TEXT,
  type WebhookDeliveryView,
  type WebhookEvent,
} from '@rushes/shared';
import { auditLog, jobs, transfers, webhookDeliveries, webhookEndpoints } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { asset, members, person, project, task, team, type Person } from '../../../test/factories.ts';
import { receiver } from './webhooks.testkit.ts';
import { haveBinary } from '../../../test/programs.ts';

/**
 * Webhooks end to end over the real job queue (drained here) and a local receiver on 127.0.0.2, the
 * only address the app trusts: signatures checked with openssl, retries with backoff, refused
 * private targets, at-least-once with one event id, every event kind, and who may manage them.
 */
const BASE = 0.05; // WEBHOOK_RETRY_BASE_SECONDS: 50 ms, 200 ms, 1 s, …
let t: TestApp;
let admin: Person;
let member: Person;
let stranger: Person;
let teamId: string;
let projectId: string;
let rx: Awaited<ReturnType<typeof receiver>>;
const P = API.webhooks;

beforeAll(async () => {
  t = await createTestApp({ OUTBOUND_TRUSTED_HOSTS: '127.0.0.2', WEBHOOK_RETRY_BASE_SECONDS: String(BASE) });
  [admin, member, stranger] = await Promise.all([person(t), person(t), person(t)]);
  teamId = await team(t, admin, { members: [member] });
  await team(t, stranger);
  projectId = await project(t, admin, { teamId });
  await members(t, projectId, [member]);
  rx = await receiver();
}, 120_000);
afterAll(async () => {
  await rx?.close();
  await t?.close();
});

const as = (who: Person | null) => (who ? { cookie: who.cookie } : {});
const post = <T>(url: string, who: Person | null, body: object) =>
  t.call<T>('POST', url, { ...as(who), body });

async function addEndpoint(url: string, events: WebhookEvent[] = [...WEBHOOK_EVENT_NAMES]) {
  const res = await post<{ endpoint: { webhook_endpoint_db_id: string }; secret: string }>(P.root, admin, {
    team_db_id: teamId,
    url,
    events,
  });
  expect(res.body.errormessage).toBe('');
  return { id: res.body.data.endpoint.webhook_endpoint_db_id, secret: res.body.data.secret };
}

const deliveryRows = (endpointId: string) =>
  t.ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId));

/** The receiver hears only the endpoints a test adds after this. */
const clearEndpoints = () => t.ctx.db.delete(webhookEndpoints).where(eq(webhookEndpoints.teamId, teamId));

/** Runs due jobs until the delivery settles, waiting for each retry's time (the backoff) to come. */
async function settle(deliveryId: string) {
  for (let i = 0; i < 200; i++) {
    await t.ctx.jobs.drainForTests();
    const [d] = await t.ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId));
    if (d.status !== 'pending') return d;
    const wait = d.nextAttemptAt ? d.nextAttemptAt.getTime() - Date.now() : 0;
    await new Promise((resolve) => setTimeout(resolve, Math.max(wait, 0) + 5));
  }
  throw new Error('delivery never settled');
}

async function ping(endpointId: string) {
  const res = await post<{ delivery: WebhookDeliveryView }>(P.test, admin, {
    webhook_endpoint_db_id: endpointId,
  });
  expect(res.body.errormessage).toBe('');
  return settle(res.body.data.delivery.webhook_delivery_db_id);
}

const hasOpenssl = haveBinary('openssl');

/** HMAC-SHA256 by openssl, not by our code. */
const opensslHmac = (secret: string, text: string) =>
  execFileSync('openssl', ['dgst', '-sha256', '-hmac', secret, '-r'], { input: text })
    .toString()
    .split(' ')[0];

describe('webhook endpoints', () => {
  it('an admin adds one (secret shown once, http refused unless trusted, at most 20), changes, rotates and deletes it', async () => {
    const { id, secret } = await addEndpoint(rx.url, ['comment.added']);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const list = await t.call<{ endpoints: object[] }>('GET', P.root, {
      ...as(admin),
      query: { team_db_id: teamId },
    });
    expect(list.body.data.endpoints).toHaveLength(1);
    expect(JSON.stringify(list.body)).not.toContain(secret);
    const [row] = await t.ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    expect(row.secretSealed).not.toContain(secret.slice(6));

    const http = await post(P.root, admin, {
      team_db_id: teamId,
      url: 'http://hooks.example.com/x',
      events: ['task.created'],
    });
    expect(http.status).toBe(400);
    expect(JSON.stringify(http.body)).toContain(WEBHOOK_TEXT.httpsOnly);
    const none = await post(P.root, admin, {
      team_db_id: teamId,
      url: 'https://hooks.example.com/x',
      events: [],
    });
    expect(JSON.stringify(none.body)).toContain(WEBHOOK_TEXT.chooseEvents);

    const off = await t.call<{ endpoint: { enabled: boolean } }>('PUT', P.root, {
      ...as(admin),
      body: { webhook_endpoint_db_id: id, enabled: false },
    });
    expect(off.body.data.endpoint.enabled).toBe(false);
    const rotated = await post<{ secret: string }>(P.rotateSecret, admin, { webhook_endpoint_db_id: id });
    expect(rotated.body.data.secret).not.toBe(secret);

    // the limit: 19 more fit, the 21st is refused
    await t.ctx.db.insert(webhookEndpoints).values(
      Array.from({ length: WEBHOOK_LIMITS.endpointsPerTeam - 1 }, () => ({
        teamId,
        url: 'https://hooks.example.com/filler',
        events: ['task.created'],
        secretSealed: 'x',
      })),
    );
    const over = await post(P.root, admin, {
      team_db_id: teamId,
      url: 'https://hooks.example.com/y',
      events: ['task.created'],
    });
    expect(over.body.errormessage).toBe(WEBHOOK_TEXT.tooManyEndpoints);
    await t.ctx.db
      .delete(webhookEndpoints)
      .where(eq(webhookEndpoints.url, 'https://hooks.example.com/filler'));

    expect(
      (await t.call('DELETE', P.root, { ...as(admin), body: { webhook_endpoint_db_id: id } })).status,
    ).toBe(200);
    const audit = await t.ctx.db.select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(audit.map((a) => [a.action, a.actorId])).toEqual([
      ['webhooks.endpoint_created', admin.user.id],
      ['webhooks.endpoint_deleted', admin.user.id],
    ]);
  });

  it('a member who is not the admin, another team and anonymous callers are refused on every route', async () => {
    const { id } = await addEndpoint('https://hooks.example.com/guarded', ['task.created']);
    const fields: Record<string, object> = {
      list: { team_db_id: teamId },
      create: { team_db_id: teamId, url: 'https://hooks.example.com/z', events: ['task.created'] },
      update: { webhook_endpoint_db_id: id, enabled: false },
      remove: { webhook_endpoint_db_id: id },
      rotateSecret: { webhook_endpoint_db_id: id },
      test: { webhook_endpoint_db_id: id },
      deliveries: { webhook_endpoint_db_id: id },
    };
    for (const [name, r] of Object.entries(ROUTES.webhooks)) {
      if (name === 'resend') continue; // needs a failed delivery: webhooks.attempts.test.ts
      const input = fields[name] as Record<string, string>;
      for (const [who, status] of [
        [member, 403],
        [stranger, 403],
        [null, 401],
      ] as const) {
        const res = await t.call(r.method, r.path, {
          ...as(who),
          ...(r.method === 'GET' ? { query: input } : { body: input }),
        });
        expect(res.status, `${name} by ${who ? who.email : 'anonymous'}`).toBe(status);
      }
    }
    const [row] = await t.ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    expect(row.enabled).toBe(true); // nothing changed
    expect(await deliveryRows(id)).toHaveLength(0);
  });
});

describe('deliveries', () => {
  it('a test delivery is signed as documented (checked with openssl) and listed with its answer', async () => {
    const { id, secret } = await addEndpoint(rx.url, ['task.created']);
    rx.got.length = 0;
    const d = await ping(id);
    expect(d).toMatchObject({
      status: 'succeeded',
      attempts: 1,
      responseStatus: 200,
      responseBody: 'answer 200',
    });
    const [req] = rx.got;
    const sig = String(req.headers['rushes-signature']);
    const ts = String(req.headers['rushes-timestamp']);
    const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(sig);
    expect(m?.[1]).toBe(ts);
    if (hasOpenssl) {
      expect(m?.[2]).toBe(opensslHmac(secret, `${ts}.${req.body}`));
      expect(opensslHmac('whsec_wrong', `${ts}.${req.body}`)).not.toBe(m?.[2]);
    }
    const body = JSON.parse(req.body);
    expect(body).toMatchObject({ id: d.eventId, type: 'ping', team_db_id: teamId });
    expect(req.headers['rushes-event-id']).toBe(d.eventId);

    const listed = await t.call<{ deliveries: WebhookDeliveryView[] }>('GET', P.deliveries, {
      ...as(admin),
      query: { webhook_endpoint_db_id: id },
    });
    expect(listed.body.data.deliveries[0]).toMatchObject({
      event: 'ping',
      status: 'succeeded',
      response_status: 200,
    });
  });

  it('a receiver answering 500 twice then 200 gets three attempts, with growing gaps, of one event', async () => {
    const { id } = await addEndpoint(rx.url, ['task.created']);
    rx.got.length = 0;
    rx.answer([500, 500, 200]);
    const d = await ping(id);
    rx.answer([200]);
    expect(d).toMatchObject({ status: 'succeeded', attempts: 3, responseStatus: 200 });
    // every attempt is kept with its answer, oldest first
    expect(d.attemptLog.map((x) => [x.status, x.body])).toEqual([
      [500, 'answer 500'],
      [500, 'answer 500'],
      [200, 'answer 200'],
    ]);
    expect(rx.got).toHaveLength(3);
    expect(new Set(rx.got.map((g) => g.headers['rushes-event-id']))).toEqual(new Set([d.eventId]));
    expect(new Set(rx.got.map((g) => JSON.parse(g.body).id))).toEqual(new Set([d.eventId]));
    const [a, b, c] = rx.got.map((g) => g.at);
    // each retry waits at least its backoff (BASE × 1, then BASE × 4): no sooner
    expect(b - a).toBeGreaterThanOrEqual(BASE * 1000 - 5);
    expect(c - b).toBeGreaterThanOrEqual(BASE * 4000 - 5);
    expect(c - b).toBeGreaterThan(b - a);
    expect(await deliveryRows(id)).toHaveLength(1);

    // a 4xx other than 429 is final at once
    rx.answer([410]);
    const gone = await ping(id);
    rx.answer([200]);
    expect(gone).toMatchObject({ status: 'failed', attempts: 1, responseStatus: 410 });
  });

  it('no request goes to loopback, private or link-local addresses (nor a name resolving to one) without trust', async () => {
    rx.got.length = 0;
    const targets = [
      `https://127.0.0.1:${rx.port}/hook`,
      'https://10.1.2.3/hook',
      'https://169.254.169.254/latest/meta-data',
      `https://localhost:${rx.port}/hook`,
    ];
    for (const url of targets) {
      const { id } = await addEndpoint(url, ['task.created']);
      const d = await ping(id);
      expect(d, url).toMatchObject({ status: 'failed', attempts: 1, responseStatus: null });
      expect(d.responseBody, url).toBe(WEBHOOK_TEXT.refusedPrivate);
    }
    expect(rx.got).toHaveLength(0);
  });

  it('at least once: a fan-out job run twice makes one delivery; a send run again repeats the same event id', async () => {
    await clearEndpoints();
    const { id } = await addEndpoint(rx.url, ['task.created']);
    rx.got.length = 0;
    const taskId = await task(t, admin, projectId, member);
    await t.ctx.events.transaction(t.ctx.db, async (_tx, emit) => {
      emit('task.changed', { taskId, projectId, created: true, addedUserIds: [], removedUserIds: [] });
    });
    const [job] = await t.ctx.db
      .select()
      .from(jobs)
      .where(eq(jobs.name, 'events.deliver'))
      .then((rows) =>
        rows.filter((j) => (j.data as { subscriber: string }).subscriber === 'webhooks.task_created'),
      );
    const data = job.data as Parameters<typeof t.ctx.events.deliver>[0];
    await t.ctx.events.deliver(data);
    await t.ctx.events.deliver(data); // the job run again (a lost lock, a crash before it was marked done)
    const rows = await deliveryRows(id);
    expect(rows).toHaveLength(1);
    const d = await settle(rows[0].id);
    expect(d.status).toBe('succeeded');
    // the send ran but its record was lost: the next run sends the same event again
    await t.ctx.db
      .update(webhookDeliveries)
      .set({ status: 'pending', attempts: 0 })
      .where(eq(webhookDeliveries.id, d.id));
    await t.ctx.jobs.enqueue(t.ctx.db, 'webhooks.send', { deliveryId: d.id });
    await settle(d.id);
    const ids = rx.got.map((g) => g.headers['rushes-event-id']);
    expect(ids).toEqual([d.eventId, d.eventId]);
    expect(rx.got[0].body).toBe(rx.got[1].body);
    expect(await deliveryRows(id)).toHaveLength(1);
  });

  it('each event kind reaches a subscribed endpoint and not an unsubscribed one', async () => {
    const a = await asset(t, projectId, { title: 'hero.mov' });
    const taskId = await task(t, admin, projectId, member);
    const [transfer] = await t.ctx.db
      .insert(transfers)
      .values({
        teamId,
        projectId,
        service: 's3',
        transferType: 'export',
        title: 'Delivery',
        status: 'finished',
        createdBy: admin.user.id,
      })
      .returning();
    const linkId = randomUUID();
    for (const kind of WEBHOOK_EVENT_NAMES) {
      const subscribed = await addEndpoint(rx.url, [kind]);
      const others = WEBHOOK_EVENT_NAMES.filter((k) => k !== kind);
      const unsubscribed = await addEndpoint(rx.url, others);
      await t.ctx.events.transaction(t.ctx.db, async (_tx, emit) => {
        const p = { projectId, assetId: a.id };
        if (kind === 'asset.uploaded')
          emit('asset.status', { ...p, parentId: null, status: INGEST_STATUS.inqueue });
        if (kind === 'asset.processed')
          emit('asset.status', { ...p, parentId: null, status: INGEST_STATUS.finished });
        if (kind === 'comment.added')
          emit('comment.added', { ...p, commentId: randomUUID(), parentId: null });
        if (kind === 'approval.status_changed') emit('asset.approval_changed', { ...p, approvalStatus: 2 });
        if (kind === 'task.created')
          emit('task.changed', { taskId, projectId, created: true, addedUserIds: [], removedUserIds: [] });
        if (kind === 'task.completed') emit('task.completed', { taskId, projectId });
        if (kind === 'share.opened') emit('share.opened', { ...p, linkId });
        if (kind === 'export.finished')
          emit('transfer.changed', { projectId, transferId: transfer.id, status: 'finished' });
      });
      await t.ctx.jobs.drainForTests();
      const on = await deliveryRows(subscribed.id);
      expect(
        on.map((d) => d.event),
        kind,
      ).toEqual([kind]);
      expect(on[0].payload, kind).toMatchObject({
        id: on[0].eventId,
        type: kind,
        team_db_id: teamId,
        data: { project_db_id: projectId },
      });
      expect(await deliveryRows(unsubscribed.id), kind).toHaveLength(0);
      await t.ctx.db
        .delete(webhookEndpoints)
        .where(inArray(webhookEndpoints.id, [subscribed.id, unsubscribed.id]));
    }
  });

  it('no enabled endpoint for a type anywhere: its events make no delivery job; one endpoint: they do', async () => {
    await clearEndpoints();
    const a = await asset(t, projectId, { title: 'still.png' });
    const jobsOf = async (subscriber: string) =>
      (await t.ctx.db.select({ data: jobs.data }).from(jobs).where(eq(jobs.name, 'events.deliver'))).filter(
        (j) => (j.data as { subscriber: string }).subscriber === subscriber,
      ).length;
    const comment = () =>
      t.ctx.events.transaction(t.ctx.db, async (_tx, emit) => {
        emit('comment.added', { projectId, assetId: a.id, commentId: randomUUID(), parentId: null });
      });
    const before = await jobsOf('webhooks.comment_added');
    const other = await addEndpoint(rx.url, ['task.created']);
    await comment();
    expect(await jobsOf('webhooks.comment_added')).toBe(before);
    // disabled endpoints do not count
    const off = await addEndpoint(rx.url, ['comment.added']);
    await t.ctx.db.update(webhookEndpoints).set({ enabled: false }).where(eq(webhookEndpoints.id, off.id));
    await comment();
    expect(await jobsOf('webhooks.comment_added')).toBe(before);
    const on = await addEndpoint(rx.url, ['comment.added']);
    await comment();
    expect(await jobsOf('webhooks.comment_added')).toBe(before + 1);
    await t.ctx.jobs.drainForTests();
    expect(await deliveryRows(on.id)).toHaveLength(1);
    expect(await deliveryRows(other.id)).toHaveLength(0);
  });

  it('the real changes emit their events: a comment added and a task completed through the API', async () => {
    await clearEndpoints();
    const { id } = await addEndpoint(rx.url, ['comment.added', 'task.completed']);
    const a = await asset(t, projectId, { title: 'cut-2.mov' });
    const comment = await post(API.shares.comments, member, { ingest_db_id: a.id, text: 'Trim the intro' });
    expect(comment.status).toBe(200);
    const taskId = await task(t, admin, projectId, member);
    const done = await t.call('PUT', API.tasks.complete, { ...as(admin), body: { task_db_id: taskId } });
    expect(done.status).toBe(200);
    await t.ctx.jobs.drainForTests();
    const rows = await deliveryRows(id);
    expect(rows.map((d) => d.event).sort()).toEqual(['comment.added', 'task.completed']);
    expect(rows.find((d) => d.event === 'comment.added')?.payload).toMatchObject({
      data: { ingest_db_id: a.id, title: 'cut-2.mov' },
    });
    expect(rows.every((d) => d.status === 'succeeded')).toBe(true);
  });
});
