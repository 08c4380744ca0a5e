import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { API, AUDIT_API, MSG, csvCell, type AuditEntryList } from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { send } from '../../../test/inject.ts';
import { auditLog } from '../../db/schema/index.ts';
import { withRequestContext } from '../../platform/http/requestContext.ts';
import { call, crew, person } from '../teams/teams.testkit.ts';
import { recordAudit } from './index.ts';
import { purgeAudit } from './audit.service.ts';
import { nextPurge } from './audit.jobs.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Crew = Awaited<ReturnType<typeof crew>>;
const list = (who: Crew['owner'] | undefined, query: Record<string, string>) =>
  call<AuditEntryList>(t, 'GET', AUDIT_API.list, who, query);

/** A crew whose log holds a rename and an invitation (of an address a spreadsheet would run) by the owner. */
async function crewWithLog() {
  const w = await crew(t);
  await call(t, 'PUT', API.teams.root, w.owner, { team_id: w.teamId, name: 'Night crew' });
  await call(t, 'POST', API.teams.members, w.owner, {
    team_id: w.teamId,
    user_db_ids: [],
    user_emails: ['-2+3@example.com'],
  });
  return w;
}

describe('the team log', () => {
  it('answers its admins the team entries, newest first, with who, what and from where', async () => {
    const w = await crewWithLog();
    const res = await send<AuditEntryList>(t, 'GET', AUDIT_API.list, {
      cookie: w.owner.cookie,
      query: { team_db_id: w.teamId },
      headers: {
        'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36',
      },
    });
    expect(res.body.response).toBe(true);
    const { entries, total_entries } = res.body.data;
    expect(total_entries).toBe(2);
    expect(entries.map((e) => e.action)).toEqual(['members.invited', 'team.settings_changed']);
    expect(entries[0]).toMatchObject({ actor: { user_db_id: w.owner.user.id, kind: 'session' } });
    expect(entries[0].actor.name).toBe('Test User');
    expect(entries[0].ip).toBeTruthy();
  });

  it('filters by person, kind and date range, and pages by cursor and page_no alike', async () => {
    const w = await crew(t);
    // Five renames by the owner, one by a co-admin (entries written straight, as a service would).
    const coAdmin = await person(t);
    for (let i = 0; i < 5; i++)
      await withRequestContext({ ip: '10.0.0.1', userAgent: 'curl/8.0', userId: w.owner.user.id }, () =>
        recordAudit(t.ctx.db, { teamId: w.teamId, action: 'team.settings_changed', detail: { i } }),
      );
    await recordAudit(t.ctx.db, {
      teamId: w.teamId,
      action: 'members.removed',
      actor: { id: coAdmin.user.id },
    });
    const byOwner = await list(w.owner, { team_db_id: w.teamId, actor_db_id: w.owner.user.id });
    expect(byOwner.body.data.entries).toHaveLength(5);
    expect(byOwner.body.data.entries.every((e) => e.browser === 'curl')).toBe(true);
    const removals = await list(w.owner, { team_db_id: w.teamId, action: 'members.removed' });
    expect(removals.body.data.entries.map((e) => e.actor.user_db_id)).toEqual([coAdmin.user.id]);
    const future = await list(w.owner, {
      team_db_id: w.teamId,
      from: new Date(Date.now() + 60_000).toISOString(),
    });
    expect(future.body.data.entries).toEqual([]);
    const past = await list(w.owner, {
      team_db_id: w.teamId,
      to: new Date(Date.now() + 60_000).toISOString(),
    });
    expect(past.body.data.total_entries).toBe(6);
    const badRange = await list(w.owner, {
      team_db_id: w.teamId,
      from: new Date().toISOString(),
      to: new Date(0).toISOString(),
    });
    expect(badRange.body.response).toBe(false);

    const whole = (await list(w.owner, { team_db_id: w.teamId })).body.data.entries.map((e) => e.entry_db_id);
    const byCursor: string[] = [];
    let cursor: string | null = null;
    do {
      const res: { body: { data: AuditEntryList } } = await list(w.owner, {
        team_db_id: w.teamId,
        entries_per_page: '4',
        ...(cursor ? { cursor } : {}),
      });
      byCursor.push(...res.body.data.entries.map((e) => e.entry_db_id));
      cursor = res.body.data.next_cursor;
    } while (cursor);
    expect(byCursor).toEqual(whole);
    const page2 = await list(w.owner, { team_db_id: w.teamId, entries_per_page: '4', page_no: '2' });
    expect(page2.body.data.entries.map((e) => e.entry_db_id)).toEqual(whole.slice(4));
  });

  it("refuses another team's admin, a member who is not an admin, and an anonymous caller", async () => {
    const w = await crewWithLog();
    const other = await crew(t);
    const outsider = await list(other.owner, { team_db_id: w.teamId });
    expect(outsider.status).toBe(403);
    expect(outsider.body.errormessage).toBe(MSG.noTeamAccess);
    // The other admin's own log never holds this team's entries.
    const own = await list(other.owner, { team_db_id: other.teamId });
    expect(own.body.data.entries.filter((e) => e.target?.id === w.teamId)).toEqual([]);
    expect((await list(w.member, { team_db_id: w.teamId })).status).toBe(403);
    expect((await list(undefined, { team_db_id: w.teamId })).status).toBe(401);
    const csvOut = await t.app.inject({
      method: 'GET',
      url: AUDIT_API.export,
      query: { team_db_id: w.teamId },
      headers: { 'api-type': 'web', 'api-version': '1', cookie: w.member.cookie },
    });
    expect(csvOut.statusCode).toBe(403);
    expect(csvOut.body).not.toContain('settings');
  });

  it('exports CSV that parses back, with formula cells defused', async () => {
    const w = await crewWithLog();
    const res = await t.app.inject({
      method: 'GET',
      url: AUDIT_API.export,
      query: { team_db_id: w.teamId },
      headers: { 'api-type': 'web', 'api-version': '1', cookie: w.owner.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const rows = parseCsv(res.body.replace(/^\ufeff/, ''));
    expect(rows[0][0]).toBe('When (UTC)');
    expect(rows).toHaveLength(3);
    const invite = rows.find((r) => r[4] === 'members.invited')!;
    expect(invite[6]).toBe(`'-2+3@example.com`);
    const rename = rows.find((r) => r[4] === 'team.settings_changed')!;
    expect(JSON.parse(rename[8])).toMatchObject({ name: { to: 'Night crew' } });
    expect(csvCell('@SUM(A1)')).toBe(`"'@SUM(A1)"`);
    expect(csvCell('-1+2')).toBe(`"'-1+2"`);
    expect(csvCell('plain, "quoted"')).toBe(`"plain, ""quoted"""`);
  });

  it("answers a person their own account events, never another's", async () => {
    const me = await person(t);
    const other = await person(t);
    await recordAudit(t.ctx.db, { teamId: null, action: 'auth.sign_in', actor: { id: me.user.id } });
    await recordAudit(t.ctx.db, { teamId: null, action: 'auth.sign_in', actor: { id: other.user.id } });
    const mine = await call<AuditEntryList>(t, 'GET', AUDIT_API.mine, me, {});
    expect(mine.body.data.entries.map((e) => e.actor.user_db_id)).toEqual([me.user.id]);
    expect((await call(t, 'GET', AUDIT_API.mine, undefined, {})).status).toBe(401);
  });
});

describe('append-only', () => {
  it('refuses UPDATE and DELETE in SQL; a rolled-back change leaves no entry', async () => {
    const w = await crew(t);
    await recordAudit(t.ctx.db, {
      teamId: w.teamId,
      action: 'team.settings_changed',
      actor: { id: w.owner.user.id },
    });
    await expect(
      t.ctx.db.update(auditLog).set({ action: 'x' }).where(eq(auditLog.teamId, w.teamId)),
    ).rejects.toThrow();
    await expect(t.ctx.db.delete(auditLog).where(eq(auditLog.teamId, w.teamId))).rejects.toThrow();
    await expect(t.ctx.db.execute(sql`truncate audit_log`)).rejects.toThrow();
    const rollback = t.ctx.db.transaction(async (tx) => {
      await recordAudit(tx, { teamId: w.teamId, action: 'members.removed', actor: { id: w.owner.user.id } });
      throw new Error('the change failed');
    });
    await expect(rollback).rejects.toThrow('the change failed');
    const rows = await t.ctx.db.select().from(auditLog).where(eq(auditLog.teamId, w.teamId));
    expect(rows.map((r) => r.action)).toEqual(['team.settings_changed']);
  });

  it('the purge deletes only entries past the retention', async () => {
    const w = await crew(t);
    const days = t.ctx.config.AUDIT_RETENTION_DAYS;
    const at = (d: number) => new Date(Date.now() - d * 86_400_000);
    const made = await t.ctx.db
      .insert(auditLog)
      .values(
        [days + 2, days + 0.5, days - 0.5, 1].map((d) => ({
          teamId: w.teamId,
          action: 'team.settings_changed',
          createdAt: at(d),
        })),
      )
      .returning({ id: auditLog.id });
    expect(await purgeAudit(t.ctx)).toBeGreaterThanOrEqual(2);
    const left = await t.ctx.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(
        inArray(
          auditLog.id,
          made.map((m) => m.id),
        ),
      );
    expect(left.map((r) => r.id).sort()).toEqual(
      made
        .slice(2)
        .map((m) => m.id)
        .sort(),
    );
    expect(nextPurge(Date.parse('2026-12-07T05:00:00Z')).singletonKey).toBe('audit.purge:2026-12-08');
  });
});

/** A strict RFC 4180 reader (quoted fields, doubled quotes, CRLF rows), independent of the writer. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let i = 0;
  while (i < text.length) {
    expect(text[i]).toBe('"');
    let cell = '';
    i++;
    for (;;) {
      const q = text.indexOf('"', i);
      cell += text.slice(i, q);
      if (text[q + 1] === '"') {
        cell += '"';
        i = q + 2;
      } else {
        i = q + 1;
        break;
      }
    }
    row.push(cell);
    if (text[i] === ',') i++;
    else {
      expect(text.slice(i, i + 2)).toBe('\r\n');
      i += 2;
      rows.push(row);
      row = [];
    }
  }
  return rows;
}
