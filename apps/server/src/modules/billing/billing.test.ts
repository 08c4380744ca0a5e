import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API, MSG, STATE_CODES, type BillingDetail } from '@rushes/shared';
import { createTestApp, makeUser, sessionCookie, type TestApp } from '../../../test/harness.ts';
import { send } from '../../../test/inject.ts';
import {
  afterSentinel,
  closeAllSockets,
  connect,
  listen,
  next,
  record,
} from '../../../test/realtime-helpers.ts';
import { permissions, teamMemberPermissions } from '../../db/schema/index.ts';
import { createTeam } from '../teams/teams.service.ts';

let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t);
});
afterEach(() => closeAllSockets());
afterAll(async () => {
  closeAllSockets();
  await t?.close();
});

type Errors = { errors: Record<string, string> };
type Saved = { message: string; billing: BillingDetail };

async function loggedIn() {
  const { user } = await makeUser(t.ctx);
  return { user, cookie: await sessionCookie(t.ctx, user) };
}

async function grant(teamId: string, userId: string, code: string) {
  const [perm] = await t.ctx.db
    .select({ id: permissions.id })
    .from(permissions)
    .where(eq(permissions.code, code));
  await t.ctx.db.insert(teamMemberPermissions).values({ teamId, userId, permissionId: perm.id });
}

/** A team with its admin (creator), a plain member and a billing manager; plus an outsider with a team. */
async function world() {
  const admin = await loggedIn();
  const member = await loggedIn();
  const manager = await loggedIn();
  const outsider = await loggedIn();
  const team = await createTeam(t.ctx.db, {
    name: 'Crew',
    ownerId: admin.user.id,
    memberIds: [member.user.id, manager.user.id],
  });
  await createTeam(t.ctx.db, { name: 'Elsewhere', ownerId: outsider.user.id });
  await grant(team.id, manager.user.id, 'can_manage_billing');
  return { admin, member, manager, outsider, team };
}

const valid = (teamId: string) => ({
  team_id: teamId,
  company_name: 'Acme Films Pvt Ltd',
  biling_address: '12 MG Road, Bengaluru',
  contact_email: 'Accounts@Acme.example',
  alternate_email: 'ops@acme.example',
  contact_person: 'Asha Rao',
  state_code: '29',
  gst_no: '29aaaaa0000a1z5',
  pan_number: 'abcde1234f',
});

const read = (cookie: string | undefined, teamId: string) =>
  send<{ billing: BillingDetail | null }>(t, 'GET', API.billing.root, { cookie, query: { team_id: teamId } });
const write = (method: 'POST' | 'PUT', cookie: string | undefined, body: unknown) =>
  send<Saved & Errors>(t, method, API.billing.root, { cookie, body });

describe('billing details', () => {
  it('reads null before any details exist', async () => {
    const { admin, team } = await world();
    const res = await read(admin.cookie, team.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ response: true, data: { billing: null }, errormessage: '' });
  });

  it('creates with the spec wire names and reads back pan_no and place_of_supply', async () => {
    const { admin, team } = await world();
    const res = await write('POST', admin.cookie, valid(team.id));
    expect(res.status).toBe(200);
    expect(res.body.data.message).toBe(MSG.billingUpdated);
    const expected = {
      organisation_db_id: team.id,
      company_name: 'Acme Films Pvt Ltd',
      biling_address: '12 MG Road, Bengaluru',
      contact_email: 'accounts@acme.example',
      alternate_email: 'ops@acme.example',
      contact_person: 'Asha Rao',
      gst_no: '29AAAAA0000A1Z5',
      pan_no: 'ABCDE1234F',
      place_of_supply: '29',
    };
    expect(res.body.data.billing).toMatchObject(expected);
    const got = await read(admin.cookie, team.id);
    expect(got.body.data.billing).toEqual({
      ...expected,
      billing_db_id: res.body.data.billing.billing_db_id,
    });
    // team_db_id, which the web client adds to every call, names the team too
    const byDbId = await send<{ billing: BillingDetail }>(t, 'GET', API.billing.root, {
      cookie: admin.cookie,
      query: { team_db_id: team.id },
    });
    expect(byDbId.body.data.billing.billing_db_id).toBe(res.body.data.billing.billing_db_id);
  });

  it('updates with PUT (and a second POST) on the same row; an emptied GST/PAN becomes null', async () => {
    const { admin, team } = await world();
    const first = await write('POST', admin.cookie, valid(team.id));
    const id = first.body.data.billing.billing_db_id;
    const put = await write('PUT', admin.cookie, {
      ...valid(team.id),
      company_name: 'Acme Studios',
      state_code: '27',
      gst_no: '',
      pan_number: undefined,
    });
    expect(put.status).toBe(200);
    expect(put.body.data).toMatchObject({
      message: MSG.billingUpdated,
      billing: {
        billing_db_id: id,
        company_name: 'Acme Studios',
        place_of_supply: '27',
        gst_no: null,
        pan_no: null,
      },
    });
    const again = await write('POST', admin.cookie, { ...valid(team.id), contact_person: 'Ravi' });
    expect(again.body.data.billing).toMatchObject({ billing_db_id: id, contact_person: 'Ravi' });
    expect((await read(admin.cookie, team.id)).body.data.billing).toMatchObject({ contact_person: 'Ravi' });
  });

  it('saves without GST and PAN when the form sends null for them', async () => {
    const { admin, team } = await world();
    const res = await write('POST', admin.cookie, { ...valid(team.id), gst_no: null, pan_number: null });
    expect(res.status).toBe(200);
    expect(res.body.data.billing).toMatchObject({ gst_no: null, pan_no: null });
    const put = await write('PUT', admin.cookie, { ...valid(team.id), gst_no: null, pan_number: '' });
    expect(put.status).toBe(200);
    expect((await read(admin.cookie, team.id)).body.data.billing).toMatchObject({
      gst_no: null,
      pan_no: null,
    });
  });

  it('lists the state codes for place of supply', async () => {
    const { member } = await world();
    const res = await send<{ state_codes: { code: string; name: string }[] }>(t, 'GET', API.billing.filters, {
      cookie: member.cookie,
      query: { filter_type: 'state_codes' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.state_codes).toEqual(STATE_CODES);
    expect(res.body.data.state_codes).toContainEqual({ code: '27', name: 'Maharashtra' });
  });
});

describe('billing validation', () => {
  let w: Awaited<ReturnType<typeof world>>;
  beforeAll(async () => {
    w = await world();
  });
  /** The message answered for `field`, or undefined when that field passed. */
  const fieldMessage = async (body: Record<string, unknown>, field: string) => {
    const res = await write('POST', w.admin.cookie, body);
    if (res.status === 200) return undefined;
    expect(res.status).toBe(400);
    expect(res.body.response).toBe(false);
    return res.body.data.errors[field];
  };

  it.each([
    'company_name',
    'biling_address',
    'contact_email',
    'alternate_email',
    'contact_person',
    'state_code',
  ])("answers 'This field is required' for a missing or blank %s", async (field) => {
    const { team } = w;
    const missing = { ...valid(team.id), [field]: undefined };
    expect(await fieldMessage(missing, field)).toBe(MSG.required);
    if (field !== 'state_code') {
      expect(await fieldMessage({ ...valid(team.id), [field]: '   ' }, field)).toBe(MSG.required);
    }
  });

  it('requires the team', async () => {
    const { team } = w;
    expect(await fieldMessage({ ...valid(team.id), team_id: undefined }, 'team_id')).toBe(MSG.required);
    const { admin } = w;
    const res = await send<Errors>(t, 'GET', API.billing.root, { cookie: admin.cookie });
    expect(res.status).toBe(400);
    expect(res.body.errormessage).toBe(MSG.required);
  });

  it("answers 'Enter valid email address' for a malformed e-mail", async () => {
    const { team } = w;
    for (const field of ['contact_email', 'alternate_email']) {
      expect(await fieldMessage({ ...valid(team.id), [field]: 'not-an-email' }, field)).toBe(
        MSG.invalidEmail,
      );
      expect(await fieldMessage({ ...valid(team.id), [field]: 'a@b' }, field)).toBe(MSG.invalidEmail);
    }
  });

  it("answers 'The characters limit is 100' above 100 characters", async () => {
    const { team } = w;
    for (const field of ['company_name', 'contact_person']) {
      expect(await fieldMessage({ ...valid(team.id), [field]: 'x'.repeat(100) }, field)).toBeUndefined();
      expect(await fieldMessage({ ...valid(team.id), [field]: 'x'.repeat(101) }, field)).toBe(
        MSG.charLimit100,
      );
    }
    const longEmail = `${'a'.repeat(90)}@example.com`;
    expect(await fieldMessage({ ...valid(team.id), contact_email: longEmail }, 'contact_email')).toBe(
      MSG.charLimit100,
    );
  });

  it("answers 'Enter a valid GST' for a GST off the pattern", async () => {
    const { team } = w;
    for (const gst of [
      '22AAAAA0000A1Z',
      '22AAAAA0000A0Z5',
      '22AAAAA0000A1Y5',
      'A2AAAAA0000A1Z5',
      '22AAAAA0000A1Z55',
    ]) {
      expect(await fieldMessage({ ...valid(team.id), gst_no: gst }, 'gst_no')).toBe(MSG.invalidGst);
    }
  });

  it("answers 'Enter a valid PAN' for a PAN off the pattern", async () => {
    const { team } = w;
    for (const pan of ['ABCDE1234', 'ABCDE12345', '1BCDE1234F', 'ABCDE1234FG']) {
      expect(await fieldMessage({ ...valid(team.id), pan_number: pan }, 'pan_number')).toBe(MSG.invalidPan);
    }
  });

  it('refuses a state code outside the list', async () => {
    const { team } = w;
    expect(await fieldMessage({ ...valid(team.id), state_code: '99' }, 'state_code')).toBe(MSG.required);
  });

  it('accepts a lowercase GST and PAN and stores them uppercased', async () => {
    const { admin, team } = w;
    const res = await write('PUT', admin.cookie, {
      ...valid(team.id),
      gst_no: '22aaaaa0000a1z5',
      pan_number: 'abcde1234f',
    });
    expect(res.status).toBe(200);
    expect(res.body.data.billing).toMatchObject({ gst_no: '22AAAAA0000A1Z5', pan_no: 'ABCDE1234F' });
  });

  it('refuses an unknown filter type', async () => {
    const { admin } = w;
    const res = await send(t, 'GET', API.billing.filters, {
      cookie: admin.cookie,
      query: { filter_type: 'x' },
    });
    expect(res.status).toBe(400);
    expect(res.body.response).toBe(false);
  });
});

describe('who may read and write billing details', () => {
  it('refuses anonymous callers with the 401 envelope', async () => {
    const { team } = await world();
    for (const res of [
      await read(undefined, team.id),
      await write('POST', undefined, valid(team.id)),
      await write('PUT', undefined, valid(team.id)),
      await send(t, 'GET', API.billing.filters, { query: { filter_type: 'state_codes' } }),
    ]) {
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ response: false, errorcode: 401, errormessage: MSG.loginAgain });
    }
  });

  it('refuses a member of another team, for reads and writes', async () => {
    const { admin, outsider, team } = await world();
    await write('POST', admin.cookie, valid(team.id));
    const res = await read(outsider.cookie, team.id);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ response: false, errormessage: MSG.noTeamAccess, data: null });
    for (const method of ['POST', 'PUT'] as const) {
      const w = await write(method, outsider.cookie, { ...valid(team.id), company_name: 'Hijacked' });
      expect(w.status).toBe(403);
    }
    expect((await read(admin.cookie, team.id)).body.data.billing?.company_name).toBe('Acme Films Pvt Ltd');
  });

  it('lets a plain member read but not write', async () => {
    const { admin, member, team } = await world();
    await write('POST', admin.cookie, valid(team.id));
    const got = await read(member.cookie, team.id);
    expect(got.status).toBe(200);
    expect(got.body.data.billing?.company_name).toBe('Acme Films Pvt Ltd');
    for (const method of ['POST', 'PUT'] as const) {
      const res = await write(method, member.cookie, { ...valid(team.id), company_name: 'Mine' });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ response: false, errormessage: MSG.forbidden, errorcode: 403 });
    }
  });

  it('lets a member holding can_manage_billing create and update', async () => {
    const { manager, team } = await world();
    expect((await write('POST', manager.cookie, valid(team.id))).status).toBe(200);
    const res = await write('PUT', manager.cookie, { ...valid(team.id), company_name: 'Managed' });
    expect(res.status).toBe(200);
    expect(res.body.data.billing.company_name).toBe('Managed');
  });

  it('lets a member added as team owner write', async () => {
    const { member, team } = await world();
    await grant(team.id, member.user.id, 'added_as_team_owner');
    expect((await write('PUT', member.cookie, valid(team.id))).status).toBe(200);
  });
});

describe('billing_detail realtime', () => {
  it('tells every member of the team after a write, and nobody else', async () => {
    const { admin, member, outsider, team } = await world();
    const memberSocket = await connect(url, { cookie: member.cookie });
    const adminSocket = await connect(url, { cookie: admin.cookie });
    const outsiderSocket = await connect(url, { cookie: outsider.cookie });
    const leaked = record(outsiderSocket, 'billing_detail');

    const toMember = next(memberSocket, 'billing_detail');
    const toAdmin = next(adminSocket, 'billing_detail');
    expect((await write('POST', admin.cookie, valid(team.id))).status).toBe(200);
    expect(await toMember).toEqual({ team_db_id: team.id });
    expect(await toAdmin).toEqual({ team_db_id: team.id });

    const afterUpdate = next(memberSocket, 'billing_detail');
    expect((await write('PUT', admin.cookie, { ...valid(team.id), company_name: 'Live' })).status).toBe(200);
    expect(await afterUpdate).toEqual({ team_db_id: team.id });

    await afterSentinel(outsiderSocket, () =>
      t.ctx.realtime.toUser(outsider.user.id, 'has_new_notification', {
        has_new_notification: true,
        team_db_id: 'sentinel',
      }),
    );
    expect(leaked).toEqual([]);
  });

  it('sends nothing for a refused write', async () => {
    const { member, team } = await world();
    const socket = await connect(url, { cookie: member.cookie });
    const seen = record(socket, 'billing_detail');
    expect((await write('PUT', member.cookie, valid(team.id))).status).toBe(403);
    await afterSentinel(socket, () =>
      t.ctx.realtime.toUser(member.user.id, 'has_new_notification', {
        has_new_notification: true,
        team_db_id: 'sentinel',
      }),
    );
    expect(seen).toEqual([]);
  });
});
