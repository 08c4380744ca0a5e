import { defineModule } from '../../platform/modules.ts';
import { checkedInService } from '../../platform/policies.ts';
import {
  canRemoveSharedUser,
  commentAssetPolicy,
  manageLinkPolicy,
  projectLinksPolicy,
  revokeLinkPolicy,
  sharedAssetPolicy,
  sharePolicy,
} from './shares.policy.ts';
import { commentsRoutes } from './comments.routes.ts';
import { markersRoutes } from './markers.routes.ts';
import { canExportMarkers } from './markers.policy.ts';
import { reviewRoutes } from './review.routes.ts';
import { versionsRoutes } from './versions.routes.ts';
import { registerShareMappers } from './shares.realtime.ts';
import { sharesRoutes } from './shares.routes.ts';
import { createSharesService } from './shares.service.ts';
import { onProjectDeleting, provideSharedAssetsTray } from '../projects/index.ts';
import { onAssetsDeleting, readNewestVersionsWith } from '../assets/index.ts';
import { dropSharesOf } from './shares.service.ts';
import { newestVersions } from './versions.service.ts';
import { dropWatermarksOf, dropWatermarksOfProject } from './shares.watermark.ts';
import { watermarkJob } from './shares.watermark.job.ts';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { viewerOf } from './review.routes.ts';
import { createReviewService } from './shares.review.ts';

const registerTray = (ctx: AppContext) => {
  const service = createSharesService(ctx);
  provideSharedAssetsTray(ctx, (userId, q) => service.tray(userId, q));
  onAssetsDeleting(ctx, dropSharesOf);
  onAssetsDeleting(ctx, dropWatermarksOf);
  onProjectDeleting(ctx, dropWatermarksOfProject);
  readNewestVersionsWith(newestVersions);
};

// What other modules may call (everything else in this folder is internal).
export { createSharesService } from './shares.service.ts';
export { isReplacedVersion, rootOf, stackOf, stackVersion } from './versions.service.ts';

/**
 * A file shown through a review link, for another module's public review route (the transcripts'
 * captions): the review page's own gate (410 expired or unknown link, 403 passcode, 404 a file the
 * link does not hold), and whether the link lets its viewers download.
 */
export function reviewFileGate(ctx: AppContext) {
  const review = createReviewService(ctx);
  return async (req: FastifyRequest, token: string, assetId: string) => {
    const { link, asset } = await review.openLink(
      { shared_link: token, ingest_db_id: assetId },
      viewerOf(req),
    );
    return { asset, downloadAllowed: link.isDownloadAllowed };
  };
}

/**
 * Assets shared with people (the 'Shared Assets' tray of the recipients), review links and their
 * public review page.
 */
export const sharesModule = defineModule({
  name: 'shares',
  policies: {
    // By ingest_db_id, or (resolving a comment) by the comment_id it names.
    'projects.canViewProject': [sharedAssetPolicy(), commentAssetPolicy()],
    // Sharing by ingest_db_id (and ingest_db_ids), revoking by share_link_db_id.
    'shares.canShare': [sharePolicy(), revokeLinkPolicy()],
    // The Share Links page by project_db_id; a link's address and changes by share_link_db_id.
    'shares.canManageLinks': [projectLinksPolicy(), manageLinkPolicy()],
    'shares.canRemoveSharedUser': sharedAssetPolicy(canRemoveSharedUser),
    // Stacking a version names a second asset (version_ingest_db_id) that needs the same write right:
    // versions.service.ts checks both.
    'projects.canWriteAssets': checkedInService(),
    // Any member exports comments, of one asset (ingest_db_id) or the project's (project_db_id).
    'shares.canExportMarkers': canExportMarkers(),
  },
  routes: [sharesRoutes, commentsRoutes, markersRoutes, versionsRoutes, reviewRoutes],
  listeners: [registerShareMappers, registerTray],
  jobs: { 'shares.watermark': watermarkJob },
});
