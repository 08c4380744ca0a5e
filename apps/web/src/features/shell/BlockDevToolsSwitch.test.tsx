// @vitest-environment happy-dom
import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { API, SHELL_UI } from '@rushes/shared';
import { answer, holdFetch } from '../../test/heldFetch.ts';
import { qc } from '../../test/queryClient.ts';
import { freshProvidersPerTest, renderWithProviders, settle } from '../../test/renderWithProviders.tsx';
import { shellKeys } from './api.ts';
import { BlockDevToolsSwitch } from './BlockDevToolsSwitch.tsx';

const TEAM = '6f1c2d3e-4a5b-4c6d-8e7f-8091a2b3c4d5';

/** Answers of the update are released by the test (holdFetch), so the pending switch can be seen. */
let fetchMock: ReturnType<typeof vi.fn>;
function show() {
  renderWithProviders(<BlockDevToolsSwitch teamDbId={TEAM} />);
  // its label also holds the hint, so the label is matched from its start
  return screen.getByLabelText(new RegExp(`^${SHELL_UI.blockDevTools}`)) as HTMLInputElement;
}
const flip = async (input: HTMLInputElement) => {
  fireEvent.click(input);
  // TanStack Query tells the component of the pending mutation on a zero timeout
  await settle();
};

freshProvidersPerTest({ client: { defaultOptions: { mutations: { retry: false } } } });
beforeEach(() => {
  qc.setQueryData(shellKeys.team(TEAM), { block_dev_tools: false });
  fetchMock = holdFetch();
});

describe('BlockDevToolsSwitch', () => {
  it('shows the new state at once, disabled until the server answers, then keeps its answer', async () => {
    const input = show();
    expect(input.checked).toBe(false);
    await flip(input);
    expect(input.checked).toBe(true);
    expect(input.disabled).toBe(true);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(API.shell.teamSettings);
    expect(JSON.parse(String(init.body))).toEqual({ team_db_id: TEAM, block_dev_tools: true });
    await answer(200, { response: true, data: { block_dev_tools: true }, errormessage: '' });
    expect(qc.getQueryData(shellKeys.team(TEAM))).toEqual({ block_dev_tools: true });
    expect(input.checked).toBe(true);
    expect(input.disabled).toBe(false);
  });

  it('falls back to the cached state when the server refuses', async () => {
    const input = show();
    await flip(input);
    await answer(403, { response: false, data: null, errormessage: 'Owners only', errorcode: 403 });
    expect(qc.getQueryData(shellKeys.team(TEAM))).toEqual({ block_dev_tools: false });
    expect(input.checked).toBe(false);
    expect(input.disabled).toBe(false);
  });
});
