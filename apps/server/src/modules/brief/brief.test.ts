import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, MSG, type ProjectBrief } from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { closeAllSockets, connect, join, listen, next } from '../../../test/realtime-helpers.ts';
import { call, crew } from '../tasks/tasks.testkit.ts';

type Errors = { errors: Record<string, string> };
let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t);
});
afterAll(async () => {
  closeAllSockets();
  await t.close();
});

const put = (who: Parameters<typeof call>[3], projectId: string, brief: unknown) =>
  call<{ message: string; brief: ProjectBrief } & Errors>(t, 'PUT', API.brief.root, who, {
    project_db_id: projectId,
    data: { title: 'ignored', brief },
  });

describe('project brief', () => {
  it('empty at first; the creator writes it: Brief updated successfully; members read it; the room hears it', async () => {
    const { owner, bob, projectId } = await crew(t);
    const first = await call<ProjectBrief>(t, 'GET', API.brief.root, bob, { project_db_id: projectId });
    expect(first.body.data).toMatchObject({ brief: '', updated_by: null, can_edit: false });
    const socket = await connect(url, { cookie: bob.cookie });
    await join(socket, `project:${projectId}`);
    const heard = next(socket, 'brief_changed');
    const text = 'A 30 second teaser.\nTone: warm, a < b is fine & so is "quoting".';
    const res = await put(owner, projectId, text);
    expect(res.body.data.message).toBe('Brief updated successfully');
    expect(res.body.data.brief).toMatchObject({
      brief: text,
      can_edit: true,
      updated_by: { user_id: owner.user.id },
    });
    expect(await heard).toEqual({ project_db_id: projectId });
    const read = await call<ProjectBrief>(t, 'GET', API.brief.root, bob, { project_db_id: projectId });
    expect(read.body.data.brief).toBe(text);
  });

  it("required; HTML tags answer 'No tags allowed' (checked on the server)", async () => {
    const { owner, projectId } = await crew(t);
    const empty = await put(owner, projectId, '   ');
    expect(empty.status).toBe(400);
    expect(empty.body.data.errors['data.brief']).toBe(MSG.required);
    for (const brief of ['<b>bold</b>', 'hi <img src=x onerror=alert(1)>', 'end</p>', '<!-- x -->']) {
      const res = await put(owner, projectId, brief);
      expect(res.status, brief).toBe(400);
      expect(res.body.errormessage).toBe('No tags allowed');
    }
  });

  it('collaborators without can_manage_project, outsiders and anonymous callers are refused', async () => {
    const { bob, outsider, projectId } = await crew(t);
    expect((await put(bob, projectId, 'mine')).status).toBe(403);
    expect((await put(outsider, projectId, 'mine')).status).toBe(403);
    expect((await call(t, 'GET', API.brief.root, outsider, { project_db_id: projectId })).status).toBe(403);
    expect((await put(undefined, projectId, 'mine')).status).toBe(401);
  });
});
