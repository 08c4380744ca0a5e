// @vitest-environment happy-dom
import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { API, MSG, UI, projectInfo, type ProjectInfo } from '@rushes/shared';
import { answer, holdFetch } from '../../test/heldFetch.ts';
import { qc } from '../../test/queryClient.ts';
import { freshProvidersPerTest, renderWithProviders, settle } from '../../test/renderWithProviders.tsx';
import { projectKeys } from './api.ts';
import { ProjectNameForm } from './ProjectNameForm.tsx';

const ID = '6f1c2d3e-4a5b-4c6d-8e7f-8091a2b3c4d5';
const info: ProjectInfo = projectInfo.parse({
  project_db_id: ID,
  project_id: 'P-1',
  team_db_id: 't1',
  title: 'Old name',
  storage_used: 0,
  total_assets: 0,
  created_on: '2026-01-01T00:00:00.000Z',
  role: 'creator',
  permissions: ['can_manage_project'],
});

/** Rename answers are released by the test (holdFetch), so the pending form can be used meanwhile. */
let fetchMock: ReturnType<typeof vi.fn>;
function open() {
  renderWithProviders(<ProjectNameForm info={info} canEdit />);
  fireEvent.click(screen.getByRole('button', { name: UI.editProjectName }));
}
const field = () => screen.getByRole('textbox', { name: UI.projectName });
const save = () => fireEvent.click(screen.getByRole('button', { name: UI.save }));

freshProvidersPerTest();
beforeEach(() => {
  qc.setQueryData(projectKeys.info(ID), info);
  fetchMock = holdFetch();
});

describe('ProjectNameForm', () => {
  it('renames once however often Save is pressed, then shows the new name everywhere', async () => {
    open();
    fireEvent.change(field(), { target: { value: '  New name ' } });
    save();
    await settle();
    // Save shows the pending state disabled, which is the only guard: pressing it again sends
    // nothing more (and a browser does not submit on Enter while the form's submit button is disabled)
    expect(screen.getByRole('button', { name: UI.save }).hasAttribute('disabled')).toBe(true);
    save();
    await settle();
    expect(fetchMock).toHaveBeenCalledOnce();
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(API.projects.root);
    expect(JSON.parse(String(init.body))).toMatchObject({ project_db_id: ID, title: 'New name' });

    await answer(200, { response: true, data: { message: 'Saved', title: 'New name' }, errormessage: '' });
    expect(qc.getQueryData<ProjectInfo>(projectKeys.info(ID))).toEqual({ ...info, title: 'New name' });
    // the editor closed
    expect(screen.queryByRole('button', { name: UI.save })).toBeNull();
  });

  it('shows a name the rules refuse under the field and asks nothing', () => {
    open();
    fireEvent.change(field(), { target: { value: '   ' } });
    save();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByText(MSG.removeBlankSpace)).toBeTruthy();
  });

  it("shows the server's field error under the field and keeps the cached name", async () => {
    open();
    fireEvent.change(field(), { target: { value: 'Taken name' } });
    save();
    await settle();
    await answer(422, {
      response: false,
      data: { errors: { title: 'A project with this name exists' } },
      errormessage: 'Check the form',
      errorcode: 422,
    });
    expect(screen.getByText('A project with this name exists')).toBeTruthy();
    expect(qc.getQueryData<ProjectInfo>(projectKeys.info(ID))?.title).toBe('Old name');
    expect(screen.getByRole('button', { name: UI.save })).toBeTruthy();
  });
});
