import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, MSG, isProductMessage } from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { send, type SendResult } from '../../../test/inject.ts';
import { apiTask, crew, taskBody } from '../../modules/tasks/tasks.testkit.ts';
import { findPersonalTeam } from '../../modules/teams/teams.service.ts';

/**
 * Input that used to answer 500: unknown time zones, NUL characters in text, a JSON null
 * body. Each answers 400 with the envelope and a field message written in packages/shared.
 */
let t: TestApp;
let world: Awaited<ReturnType<typeof crew>>;
let taskId: string;
let teamId: string;
beforeAll(async () => {
  t = await createTestApp();
  world = await crew(t);
  taskId = (await apiTask(t, world.owner, world.projectId, world.bob)).task_db_id;
  teamId = (await findPersonalTeam(t.ctx.db, world.owner.user.id))!.id;
}, 60_000);
afterAll(async () => {
  await t?.close();
});

type Errors = { errors: Record<string, string> };
const as = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload: unknown, raw = false) =>
  send<Errors>(t, method, url, {
    cookie: world.owner.cookie,
    ...(method === 'GET'
      ? { query: payload as Record<string, string> }
      : raw
        ? { rawPayload: payload as string }
        : { body: payload }),
  });

function expect400(res: SendResult<Errors>, field: string, message: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body).toMatchObject({ response: false, errormessage: message });
  expect(res.body.data.errors[field]).toBe(message);
}

describe('unknown time zones on tasks', () => {
  for (const tz of ['', 'NaN', 'Mars/Olympus', 'GMT+5']) {
    it(`refuses tz ${JSON.stringify(tz)} on create and update with 'Enter a valid time zone'`, async () => {
      const body = taskBody(world.projectId, { assigned_to: world.bob.user.id }, { tz });
      expect400(await as('POST', API.tasks.root, body), 'tz', MSG.invalidTimeZone);
      expect400(await as('PUT', API.tasks.root, { ...body, task_db_id: taskId }), 'tz', MSG.invalidTimeZone);
    });
  }

  it('refuses an unknown tz on the chat histories too', async () => {
    const project = await as('GET', API.chat.root, { project_db_id: world.projectId, tz: 'NaN' });
    expect400(project, 'tz', MSG.invalidTimeZone);
  });
});

describe('NUL characters in text fields', () => {
  const NUL = 'a\u0000b';
  const nul = MSG.removeSpecialCharacters;

  it('billing details', async () => {
    const body = {
      team_id: teamId,
      company_name: `Acme${NUL}`,
      biling_address: '12 MG Road, Bengaluru',
      contact_email: 'accounts@acme.example',
      alternate_email: 'ops@acme.example',
      contact_person: 'Asha Rao',
      state_code: '29',
      gst_no: '29aaaaa0000a1z5',
      pan_number: 'abcde1234f',
    };
    expect400(await as('POST', API.billing.root, body), 'company_name', nul);
    expect400(
      await as('PUT', API.billing.root, { ...body, company_name: 'Acme', biling_address: NUL }),
      'biling_address',
      nul,
    );
  });

  it('project chat and task chat', async () => {
    expect400(await as('POST', API.chat.root, { project_db_id: world.projectId, text: NUL }), 'text', nul);
    expect400(await as('POST', API.tasks.chat, { task_db_id: taskId, text: NUL }), 'text', nul);
  });

  it('the brief and a task description', async () => {
    const brief = { project_db_id: world.projectId, data: { title: 'Reel', brief: `Shot list${NUL}` } };
    expect400(await as('PUT', API.brief.root, brief), 'data.brief', nul);
    const task = taskBody(world.projectId, { assigned_to: world.bob.user.id }, { description: NUL });
    expect400(await as('POST', API.tasks.root, task), 'description', nul);
  });

  it('searches', async () => {
    expect400(
      await as('GET', API.users.search, { search_text: `ann${NUL}`, team_id: teamId }),
      'search_text',
      nul,
    );
    expect400(
      await as('GET', API.assets.search, { project_db_id: world.projectId, search_text: NUL }),
      'search_text',
      nul,
    );
    expect400(
      await as('GET', API.projects.collaboratorSearch, { project_db_id: world.projectId, search_text: NUL }),
      'search_text',
      nul,
    );
  });
});

describe('JSON null bodies', () => {
  const routes: ['POST' | 'PUT' | 'DELETE', string][] = [
    ['POST', API.tasks.root],
    ['PUT', API.tasks.root],
    ['PUT', API.tasks.complete],
    ['POST', API.tasks.transfer],
    ['PUT', API.tasks.transfer],
    ['POST', API.tasks.chat],
    ['POST', API.projects.root],
    ['DELETE', API.projects.root],
  ];
  for (const [method, url] of routes) {
    it(`${method} ${url} answers 400 'This field is required' on body`, async () => {
      expect400(await as(method, url, 'null', true), 'body', MSG.required);
    });
  }
});

describe('missing bodies', () => {
  it("a task route posted without a body answers 'This field is required' on body", async () => {
    for (const method of ['POST', 'PUT'] as const) {
      const res = await send<Errors>(t, method, API.tasks.root, { cookie: world.owner.cookie });
      expect400(res, 'body', MSG.required);
    }
  });
});

describe('validation texts', () => {
  it("never passes zod's own English to the user", async () => {
    const cases: [SendResult<Errors>, string, string][] = [
      [await as('PUT', API.tasks.complete, { task_db_id: taskId, role: 5 }), 'role', MSG.invalidValue],
      [
        await as('POST', API.tasks.root, {
          ...taskBody(world.projectId, { assigned_to: world.bob.user.id }),
          description: null,
        }),
        'description',
        MSG.required,
      ],
      [
        await as('GET', API.tasks.root, { project_db_id: world.projectId, entries_per_page: '500' }),
        'entries_per_page',
        MSG.invalidValue,
      ],
      [await as('POST', API.tasks.root, [1, 2]), 'body', MSG.invalidValue],
    ];
    for (const [res, field, message] of cases) {
      expect400(res, field, message);
      for (const text of Object.values(res.body.data.errors)) expect(isProductMessage(text), text).toBe(true);
    }
  });
});
