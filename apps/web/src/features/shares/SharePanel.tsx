import { SegmentedControl, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { UI } from '@rushes/shared';
import { PageLoader } from '../../ui/PageLoader.tsx';
import { notificationKeys } from '../notifications/api.ts';
import { useShareSettings, useSharedUsers } from './api.ts';
import { showShareLinks } from './linkDialog.tsx';
import { ShareForm } from './ShareForm.tsx';
import { SharedList } from './SharedList.tsx';

// The integration view loads its own schemas only when it is opened.
const ShareToIntegration = lazy(() => import('../integrations/ShareToIntegration.tsx'));

export interface SharePanelProps {
  projectDbId: string;
  assets: { ingest_db_id: string; title: string }[];
  /** a task is present: settings are fetched with role editor (spec 002 §6) */
  withTask?: boolean;
  /** resets the selection after sharing several assets (spec 002 §4) */
  onShared?: () => void;
  /** offers the INTEGRATION view (share to a marketing integration of the project's team) */
  integration?: { teamDbId: string; userId: string };
}

/** Notifications reload 1 s after a share (spec 002 §4). */
const RELOAD_NOTIFICATIONS_MS = 1000;

type View = 'SHARE' | 'LIST' | 'INTEGRATION';

/**
 * The share asset panel (spec 002 §2, §4): views SHARE and LIST, and INTEGRATION (sharing to an
 * integration: the picker, the already-shared list in red with Proceed, 'This asset has been
 * shared by {name}'). On success the selection resets
 * when several were shared, the panel closes, notifications reload after 1 s, the toast shows, and
 * the review links are shown once to copy.
 */
export default function SharePanel({
  projectDbId,
  assets,
  withTask = false,
  onShared,
  integration,
  close,
}: SharePanelProps & { close: () => void }) {
  const queryClient = useQueryClient();
  const [view, setView] = useState<View>('SHARE');
  const settings = useShareSettings(withTask ? 'editor' : 'collaborator');
  const first = assets[0];
  const shared = useSharedUsers(projectDbId, first.ingest_db_id);
  const views = [
    { value: 'SHARE', label: UI.shareViewShare },
    ...(assets.length === 1 ? [{ value: 'LIST', label: UI.shareViewList }] : []),
    ...(integration ? [{ value: 'INTEGRATION', label: UI.shareViewIntegration }] : []),
  ];

  return (
    <Stack gap="md">
      {views.length > 1 && (
        <SegmentedControl value={view} onChange={(v) => setView(v as View)} data={views} />
      )}
      {view === 'INTEGRATION' && integration ? (
        <Suspense fallback={<PageLoader />}>
          <ShareToIntegration
            projectDbId={projectDbId}
            teamDbId={integration.teamDbId}
            userId={integration.userId}
            assets={assets}
            onShared={onShared}
            onDone={close}
          />
        </Suspense>
      ) : view === 'SHARE' ? (
        settings.data ? (
          <ShareForm
            projectDbId={projectDbId}
            ingestDbIds={assets.map((a) => a.ingest_db_id)}
            settings={settings.data.settings}
            onShared={(answer) => {
              if (assets.length > 1) onShared?.();
              close();
              window.setTimeout(
                () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
                RELOAD_NOTIFICATIONS_MS,
              );
              showShareLinks(
                answer.links.map((l) => ({
                  title: assets.find((a) => a.ingest_db_id === l.ingest_db_id)?.title ?? '',
                  url: l.url,
                })),
              );
            }}
          />
        ) : (
          <PageLoader />
        )
      ) : shared.data ? (
        <SharedList ingestDbId={first.ingest_db_id} data={shared.data} />
      ) : (
        <PageLoader />
      )}
    </Stack>
  );
}
