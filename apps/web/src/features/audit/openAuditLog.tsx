import { Loader } from '@mantine/core';
import { modals } from '@mantine/modals';
import { lazy, Suspense } from 'react';
import { AUDIT_TEXT } from '@rushes/shared';
import { withChunkTimeout } from '../../app/chunkLoad.ts';
import { whenModalsReady } from '../../app/modalHost.ts';

const AuditLogView = lazy(withChunkTimeout(() => import('./AuditLogView.tsx')));

/**
 * Opens the team's audit log: a wide dialog (a table of five columns does not fit a side panel),
 * full screen on a phone. Its code loads when first opened.
 */
export function openAuditLog(teamDbId: string): void {
  void whenModalsReady().then(() => show(teamDbId));
}

function show(teamDbId: string): void {
  modals.open({
    modalId: 'audit-log',
    title: AUDIT_TEXT.title,
    size: 'min(1100px, 100%)',
    fullScreen: window.matchMedia('(max-width: 48em)').matches,
    children: (
      <Suspense fallback={<Loader size="sm" />}>
        <AuditLogView teamDbId={teamDbId} />
      </Suspense>
    ),
  });
}
