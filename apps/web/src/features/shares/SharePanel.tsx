import { SegmentedControl, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { MSG, UI, type ShareAnswer } from '@rushes/shared';
import { PageLoader } from '../../ui/PageLoader.tsx';
import { notificationKeys } from '../notifications/api.ts';
import { canIn, useProjectInfo } from '../projects/api.ts';
import { useShareSettings, useSharedUsers } from './api.ts';
import { linksOf, ShareLinks, showShareLinks, type Shown } from './linkDialog.tsx';
import { ShareFilesPicker, type ShareFile } from './ShareFilesPicker.tsx';
import { ShareForm } from './ShareForm.tsx';
import { SharedList } from './SharedList.tsx';

// The integration view loads its own schemas only when it is opened.
const ShareToIntegration = lazy(() => import('../integrations/ShareToIntegration.tsx'));

export interface SharePanelProps {
  projectDbId: string;
  assets: { ingest_db_id: string; title: string }[];
  /**
   * Shared from a task: the settings are fetched with role editor (spec 002 §6), and the files are
   * chosen here (`assets` is then empty: a task holds no asset of its own).
   */
  task?: { taskDbId: string };
  /** resets the selection after sharing several assets (spec 002 §4) */
  onShared?: () => void;
  /** offers the INTEGRATION view (share to a marketing integration of the project's team) */
  integration?: { teamDbId: string; userId: string };
  /** shares this folder as one link (`assets` is then empty): the link shows its files when opened */
  folder?: { ingest_db_id: string; title: string };
}

/** Notifications reload 1 s after a share (spec 002 §4). */
const RELOAD_NOTIFICATIONS_MS = 1000;

type View = 'SHARE' | 'LIST' | 'INTEGRATION';

/**
 * The share asset panel (spec 002 §2, §4): views SHARE and LIST, and INTEGRATION (sharing to an
 * integration: the picker, the already-shared list in red with Proceed, 'This asset has been
 * shared by {name}'). On success the selection resets
 * when several were shared, the panel closes, notifications reload after 1 s, the toast shows, and
 * the review links are shown once to copy. Opened from a task, the files are chosen in the panel and
 * the links are shown in it.
 */
export default function SharePanel({
  projectDbId,
  assets: given,
  task,
  onShared,
  integration,
  folder,
  close,
}: SharePanelProps & { close: () => void }) {
  const queryClient = useQueryClient();
  const [view, setView] = useState<View>('SHARE');
  const settings = useShareSettings(task ? 'editor' : 'collaborator');
  const [picked, setPicked] = useState<ShareFile[]>([]);
  const [made, setMade] = useState<Shown | null>(null);
  const assets = task ? picked : given;
  // fetched with the panel, so LIST opens at once (a share from a task has no LIST)
  const shared = useSharedUsers(projectDbId, task || folder ? undefined : given[0]?.ingest_db_id);
  // from a task nothing checked the share codes yet (the asset actions did, in the list)
  const info = useProjectInfo(projectDbId);
  const mayShare =
    !task ||
    !info.data ||
    canIn(info.data, 'can_share_to_download_rushesio_assets') ||
    canIn(info.data, 'can_share_to_download_all_assets');
  // From a task (on home, too) no page holds the links dialog: the panel stays open and shows them.
  const titled = folder ? [folder] : assets;
  const showLinks = (answer: ShareAnswer) =>
    task ? setMade(linksOf(titled, answer)) : showShareLinks(linksOf(titled, answer));
  const views = [
    { value: 'SHARE', label: UI.shareViewShare },
    ...(!task && !folder && assets.length === 1 ? [{ value: 'LIST', label: UI.shareViewList }] : []),
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
        made ? (
          <ShareLinks links={made} />
        ) : !mayShare ? (
          <Text c="red" size="sm" role="alert">
            {MSG.cannotShare}
          </Text>
        ) : settings.data ? (
          <>
            {task && <ShareFilesPicker projectDbId={projectDbId} value={picked} onChange={setPicked} />}
            <ShareForm
              projectDbId={projectDbId}
              assets={assets}
              folder={folder}
              settings={settings.data.settings}
              onShared={(answer) => {
                if (assets.length > 1) onShared?.();
                if (!task) close();
                window.setTimeout(
                  () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
                  RELOAD_NOTIFICATIONS_MS,
                );
                showLinks(answer);
              }}
              showLinks={showLinks}
            />
          </>
        ) : (
          <PageLoader />
        )
      ) : shared.data ? (
        <SharedList ingestDbId={given[0].ingest_db_id} data={shared.data} />
      ) : (
        <PageLoader />
      )}
    </Stack>
  );
}
