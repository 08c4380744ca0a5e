// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_TEXT, type CloudSession, type CloudTime, type LiveState } from '@rushes/shared';
import { queryKeys } from '../../api/queryKeys.ts';
import { makeUser } from '../../test/fixtures.ts';
import { qc } from '../../test/queryClient.ts';
import { freshProvidersPerTest, renderWithProviders, settle } from '../../test/renderWithProviders.tsx';
import { cloudKeys } from '../cloud/api.ts';
import { liveKeys } from './api.ts';
import { LiveCallContext, type LiveCallApi } from './liveCallContext.ts';
import LivePanel from './LivePanel.tsx';

vi.mock('../../api/socket.ts', (original) =>
  import('../../test/fakeSocket.ts').then((kit) => kit.withFakeSocket(original)),
);

const PROJECT = '0b6f3a52-1c2d-4e5f-8a9b-0c1d2e3f4a5b';
const SESSION = '7c8d9e0f-1a2b-4c3d-8e4f-5a6b7c8d9e0f';

const state = (over: Partial<LiveState> = {}): LiveState => ({
  live_collaboration_invitations: [],
  live_collaborators: [],
  members: [],
  can_invite: false,
  ...over,
});
/** The cloud time answer: the user's own session in this project, in `status`, or none. */
const time = (status: CloudSession['machine_status'] | null): CloudTime =>
  ({
    data: { session: null },
    current_time: new Date().toISOString(),
    queue: null,
    session: status && { project_db_id: PROJECT, machine_status: status, cloud_access_db_id: SESSION },
  }) as CloudTime;

const live: LiveCallApi = {
  active: null,
  view: null,
  remote: null,
  start: async () => false,
  end: async () => {},
  setMuted: () => {},
  shareScreen: async () => {},
  stopShare: async () => {},
  setGuestControl: () => {},
};

const render = async () => {
  renderWithProviders(
    <LiveCallContext.Provider value={live}>
      <LivePanel projectDbId={PROJECT} />
    </LiveCallContext.Provider>,
  );
  await settle();
};
const invite = () => screen.getByRole('button', { name: LIVE_TEXT.invite }) as HTMLButtonElement;

freshProvidersPerTest({ client: { defaultOptions: { queries: { staleTime: Infinity } } } });
beforeEach(() => {
  qc.setQueryData(queryKeys.currentUser, makeUser());
  // nothing is fetched for real here
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise<Response>(() => {})),
  );
});

describe('LivePanel: Invite a Collaborator (001 §4)', () => {
  it('is shown and disabled when the user has no machine', async () => {
    qc.setQueryData(cloudKeys.time, time(null));
    qc.setQueryData(liveKeys.state(PROJECT, null), state());
    await render();
    expect(invite().disabled).toBe(true);
  });

  it('is shown and disabled while the machine is still booting', async () => {
    qc.setQueryData(cloudKeys.time, time('machine_booting'));
    qc.setQueryData(liveKeys.state(PROJECT, null), state());
    await render();
    expect(invite().disabled).toBe(true);
  });

  it('is enabled once the machine is started and no collaborator exists yet', async () => {
    qc.setQueryData(cloudKeys.time, time('machine_started'));
    qc.setQueryData(liveKeys.state(PROJECT, SESSION), state({ can_invite: true }));
    await render();
    expect(invite().disabled).toBe(false);
  });
});
