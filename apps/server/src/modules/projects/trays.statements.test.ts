import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type TrayPage } from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { statementCounter } from '../../../test/statements.ts';
import { addMembers, apiProject, bigTeam, call, person, type Person } from './projects.testkit.ts';

/**
 * The home trays are a large share of all statements under load, and each statement's round trip
 * costs CPU on both sides: a tray page is one statement (the page with its cards and the total), two
 * when a page past the end reads the total on its own; never more than MAX_STATEMENTS (it was six).
 */
const MAX_STATEMENTS = 2;

let t: TestApp;
let statementsOf: ReturnType<typeof statementCounter>;
beforeAll(async () => {
  t = await createTestApp();
  statementsOf = statementCounter(t);
});
afterAll(() => t.close());

const tray = (who: Person, query: Record<string, string>) =>
  call<TrayPage>(t, 'GET', API.projects.trays, who, query);

describe('GET /api/asset/trays statements', () => {
  it(`answers each home tray page in at most ${MAX_STATEMENTS} statements`, async () => {
    const me = await person(t);
    const other = await person(t);
    const mate = await person(t);
    const teamId = await bigTeam(t, me, [mate.user.id]);
    for (let i = 0; i < 3; i++) {
      const mine = await apiProject(t, me, teamId, `Mine ${i}`);
      await addMembers(t, me, mine, [mate]);
      const theirs = await apiProject(t, other, undefined, `Theirs ${i}`);
      await addMembers(t, other, theirs, [me, mate], i % 2 ? 'admin' : 'collaborator');
      await call(t, 'POST', API.chat.root, other, { project_db_id: theirs, text: 'hello' });
    }
    // each query with the statements it sends now
    const queries: [Record<string, string>, number][] = [
      [{ tray_name: 'my_projects', entries_per_page: '20', team_db_id: teamId }, 1],
      [{ tray_name: 'my_projects', entries_per_page: '20' }, 1],
      [{ tray_name: 'collaborated_projects', entries_per_page: '20', team_db_id: teamId }, 1],
      [{ tray_name: 'my_projects', entries_per_page: '2', search: 'mine' }, 1],
      [{ tray_name: 'collaborated_projects', entries_per_page: '2', page_no: '2' }, 1],
      // past the end: the page is empty, and the total is read on its own
      [{ tray_name: 'collaborated_projects', entries_per_page: '2', page_no: '3' }, 2],
    ];
    // the first call of each shape caches the session and prepares the statements
    for (const [query] of queries) expect((await tray(me, query)).status).toBe(200);
    for (const [query, expected] of queries) {
      const { result, statements } = await statementsOf(() => tray(me, query));
      expect(result.body.response).toBe(true);
      expect(result.body.data.total_entries).toBe(3);
      expect(statements.length, `${JSON.stringify(query)}:\n${statements.join('\n')}`).toBeLessThanOrEqual(
        Math.min(expected, MAX_STATEMENTS),
      );
    }
    // and after a cursor
    const first = await tray(me, { tray_name: 'collaborated_projects', entries_per_page: '2' });
    const cursor = first.body.data.next_cursor!;
    const { result, statements } = await statementsOf(() =>
      tray(me, { tray_name: 'collaborated_projects', entries_per_page: '2', cursor }),
    );
    expect(result.body.data.data.map((p) => p.title)).toEqual(['Theirs 0']);
    expect(statements.length).toBeLessThanOrEqual(1);
  });
});
