import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API, type NotificationList } from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { mailsTo } from '../../../test/inject.ts';
import { notifications } from '../../db/schema/index.ts';
import { apiTeam, call, person, type Person } from '../teams/teams.testkit.ts';
import { findPersonalTeam } from '../teams/teams.service.ts';
import { DIGEST_INTERVAL_HOURS, sendDigests } from './digest.ts';
import { notify } from './notifications.service.ts';

/** The optional e-mail digest (decided, docs/decisions/0007-project-chat-and-notifications.md): a per-user setting, off by default. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const hoursFromNow = (h: number) => new Date(Date.now() + h * 3_600_000);
const setDigest = (who: Person | undefined, on: unknown) =>
  call<{ email_digest: boolean }>(t, 'PUT', API.notifications.settings, who, { email_digest: on });
const digestMails = async (who: Person) =>
  (await mailsTo(t.ctx, who.email)).filter((m) => m.subject.includes('unseen'));

const personalTeam = async (who: Person) => (await findPersonalTeam(t.ctx.db, who.user.id))!.id;
const listOf = async (who: Person) =>
  (
    await call<NotificationList>(t, 'GET', API.notifications.root, who, {
      team_db_id: await personalTeam(who),
    })
  ).body.data;

async function notifyOf(actor: Person, to: Person, titles: string[], teamId?: string) {
  const team = teamId ?? (await personalTeam(to));
  for (const title of titles)
    await t.ctx.events.transaction(t.ctx.db, (tx, emit) =>
      notify(tx, emit, {
        userIds: [to.user.id],
        type: 'task_assigned',
        teamId: team,
        title,
        message: `${title} message`,
        actorUserId: actor.user.id,
      }),
    );
}

describe('notification e-mail digest', () => {
  it('is off by default; the caller turns it on and off; anonymous and bad bodies are refused', async () => {
    const me = await person(t);
    const read = () => call<{ email_digest: boolean }>(t, 'GET', API.notifications.settings, me);
    expect((await read()).body.data).toEqual({ email_digest: false });
    expect((await setDigest(me, true)).body.data).toEqual({ email_digest: true });
    expect((await read()).body.data).toEqual({ email_digest: true });
    expect((await setDigest(me, false)).body.data).toEqual({ email_digest: false });
    expect((await read()).body.data).toEqual({ email_digest: false });

    expect((await call(t, 'GET', API.notifications.settings, undefined)).status).toBe(401);
    expect((await setDigest(undefined, true)).status).toBe(401);
    expect((await setDigest(me, 'yes')).status).toBe(400);
  });

  it('mails opted-in users their unseen notifications once per interval; opted-out users get nothing', async () => {
    const actor = await person(t);
    const reader = await person(t);
    const quiet = await person(t);
    await setDigest(reader, true);
    await notifyOf(actor, reader, ['First', 'Second', 'Third']);
    await notifyOf(actor, quiet, ['Never mailed']);
    // One of the reader's is seen already: it is left out.
    const list = await listOf(reader);
    const third = list.notifications.find((n) => n.title === 'Third')!;
    await call(t, 'PUT', API.notifications.seen, reader, {
      team_db_id: await personalTeam(reader),
      notification_ids: [third.id],
    });

    // Not yet: the first digest comes a full interval after turning it on.
    await sendDigests(t.ctx, hoursFromNow(1));
    expect(await digestMails(reader)).toHaveLength(0);

    const at = hoursFromNow(DIGEST_INTERVAL_HOURS + 1);
    await sendDigests(t.ctx, at);
    const [mail, ...others] = await digestMails(reader);
    expect(others).toHaveLength(0);
    expect(mail.subject).toContain('2 unseen notifications');
    expect(mail.text).toContain('- Second: Second message');
    expect(mail.text).toContain('- First: First message');
    expect(mail.text).not.toContain('Third');
    expect(await mailsTo(t.ctx, quiet.email)).toHaveLength(0);

    // Within the interval nothing more; after it, only notifications newer than the last digest count.
    await sendDigests(t.ctx, new Date(at.getTime() + 3_600_000));
    expect(await digestMails(reader)).toHaveLength(1);
    await sendDigests(t.ctx, new Date(at.getTime() + (DIGEST_INTERVAL_HOURS + 1) * 3_600_000));
    expect(await digestMails(reader)).toHaveLength(1);

    await notifyOf(actor, reader, ['Fourth']);
    const fourth = (await listOf(reader)).notifications[0];
    await t.ctx.db
      .update(notifications)
      .set({ createdAt: new Date(at.getTime() + 2 * 3_600_000) })
      .where(eq(notifications.id, fourth.id));
    await sendDigests(t.ctx, new Date(at.getTime() + (DIGEST_INTERVAL_HOURS + 2) * 3_600_000));
    const newest = await digestMails(reader);
    expect(newest).toHaveLength(2);
    expect(newest[0].subject).toContain('1 unseen notification ');
    expect(newest[0].text).toContain('- Fourth: Fourth message');
    expect(newest[0].text).not.toContain('First');
  });

  it('groups the entries under the team each belongs to', async () => {
    const actor = await person(t);
    const reader = await person(t);
    const teamId = await apiTeam(t, actor, { ids: [reader.user.id] }, 'Digest Crew');
    await setDigest(reader, true);
    await notifyOf(actor, reader, ['Mine'], await personalTeam(reader));
    await notifyOf(actor, reader, ['Crew task'], teamId);
    await sendDigests(t.ctx, hoursFromNow(DIGEST_INTERVAL_HOURS + 1));
    const [mail] = await digestMails(reader);
    const text = mail.text;
    expect(text).toMatch(/Digest Crew:\n- Crew task: Crew task message[^\n]*\n\n/);
    expect(text).toMatch(/\n\n[^\n]+:\n- Mine: Mine message/);
    expect(text.indexOf('Digest Crew:')).toBeLessThan(text.indexOf('- Mine:'));
  });

  it('two runs at once mail a user once', async () => {
    const actor = await person(t);
    const reader = await person(t);
    await setDigest(reader, true);
    await notifyOf(actor, reader, ['Only']);
    const at = hoursFromNow(DIGEST_INTERVAL_HOURS + 1);
    await Promise.all([sendDigests(t.ctx, at), sendDigests(t.ctx, at)]);
    expect(await digestMails(reader)).toHaveLength(1);
  });
});
