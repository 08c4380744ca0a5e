import { MSG } from '@rushes/shared';
import { userIdOf } from '../../platform/auth/guard.ts';
import { forbidden } from '../../platform/http/errors.ts';
import { stringField, type Policy } from '../../platform/policies.ts';
import { findFileAsset, type AssetRow } from '../assets/index.ts';
import {
  canManageProject,
  canViewProject,
  canWriteAssets,
  loadProjectAccess,
  projectPolicy,
  type ProjectAccess,
  type ProjectRule,
} from '../projects/index.ts';

/**
 * Who may do what with transcripts. A transcript is part of its asset: whoever can open the asset
 * (any member of its project) reads it and its captions; whoever may upload into the project
 * corrects words and transcribes again; the project's transcription language is the project
 * manager's choice. The search inside the footage answers the project's members.
 */

// Rules are wrapped (not aliased): projects/index.ts may still be loading when this file runs.
export const canReadTranscript: ProjectRule = (a) => canViewProject(a);
export const canEditTranscript: ProjectRule = (a) => canWriteAssets(a);
export const canSearchProject: ProjectRule = (a) => canViewProject(a);
export const canManageLanguage: ProjectRule = (a) => canManageProject(a);

/** A member's access to the project of the file asset a transcript route names, with the asset. */
export interface TranscriptAssetAccess extends ProjectAccess {
  asset: AssetRow;
}

/**
 * A rule keyed by a file asset (`ingest_db_id`): unknown ids, folders and assets of projects the
 * caller is not a member of answer alike (403 'Asset not found', as the comments do), so guessed
 * ids reveal nothing; a member the rule refuses gets 403 MSG.forbidden.
 */
const assetPolicy = (rule: ProjectRule): Policy<TranscriptAssetAccess> => ({
  reads: 'ingest_db_id',
  check: (ctx) => async (req) => {
    const asset = await findFileAsset(ctx.db, stringField(req, 'ingest_db_id'));
    if (!asset) throw forbidden(MSG.assetNotFound);
    const access = await loadProjectAccess(ctx.db, userIdOf(req), asset.projectId);
    if (!access) throw forbidden(MSG.assetNotFound);
    if (!rule(access)) throw forbidden(MSG.forbidden);
    return { ...access, asset };
  },
});

/** The routes' policies, run once before the handler (platform/policies.ts). */
export const transcriptsPolicies = {
  'transcripts.canReadTranscript': assetPolicy(canReadTranscript),
  'transcripts.canEditTranscript': assetPolicy(canEditTranscript),
  'transcripts.canSearchProject': projectPolicy(canSearchProject),
  'transcripts.canManageLanguage': projectPolicy(canManageLanguage),
};

declare module '../../platform/policies.ts' {
  interface PolicyAccess {
    'transcripts.canReadTranscript': TranscriptAssetAccess;
    'transcripts.canEditTranscript': TranscriptAssetAccess;
    'transcripts.canSearchProject': ProjectAccess;
    'transcripts.canManageLanguage': ProjectAccess;
  }
}
