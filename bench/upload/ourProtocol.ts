/**
 * Our upload protocol from the client side (UPLOAD_CONTRACT.md, schemas/uploads.ts): start → PUT
 * parts to signed URLs (more signed on demand, 100 per call) → complete; list parts to resume. The
 * JSON calls carry team_db_id as the web client adds it to every non-auth call.
 */
import {
  API,
  UPLOAD_SIGN_BATCH_MAX,
  type SignedPart,
  type CompleteUploadAnswer,
  type ListPartsAnswer,
  type SignPartsAnswer,
  type StartUploadAnswer,
} from '@rushes/shared';
import { call, type Session } from './ourServer.ts';
import type { PartTarget } from './partsClient.ts';

export interface OurUpload {
  base: string;
  session: Session;
  start: StartUploadAnswer;
  /** Signed URL per part number (continuing from the kept bytes, if any), filled on demand. */
  urls: Map<number, PartTarget>;
}

export async function startUpload(base: string, session: Session, size: number): Promise<OurUpload> {
  const { data } = await call<StartUploadAnswer>(
    base,
    'POST',
    API.uploads.root,
    {
      team_db_id: session.teamId,
      project_db_id: session.projectId,
      folder_db_id: null,
      data: {
        upload_status: 'started',
        file_info: {
          // A camera original, the typical large upload ('.bin' is a restricted extension).
          filename: `A001_C001_${Date.now()}.mxf`,
          folder_path: '/',
          extension: 'mxf',
          size,
          mime_type: 'application/mxf',
        },
      },
    },
    session.cookie,
  );
  const urls = new Map(data.parts.map((p) => [p.PartNumber, targetOf(base, p)]));
  return { base, session, start: data, urls };
}

/**
 * A signed part and the bytes the server kept of it (the client continues from there). The fs
 * driver signs same-origin paths (a browser's page resolves them itself): resolved against `base`.
 */
const targetOf = (base: string, p: SignedPart): PartTarget => ({
  url: new URL(p.url, base).toString(),
  offset: p.offset ?? 0,
});

/** The part's signed URL; asks sign-parts for this and the next parts (one batch) when missing. */
export async function urlFor(up: OurUpload, n: number, pending: number[] = []): Promise<PartTarget> {
  const known = up.urls.get(n);
  if (known) return known;
  const wanted = [n, ...pending.filter((p) => p !== n && !up.urls.has(p))].slice(0, UPLOAD_SIGN_BATCH_MAX);
  const { data } = await call<SignPartsAnswer>(
    up.base,
    'POST',
    API.uploads.signParts,
    {
      team_db_id: up.session.teamId,
      project_db_id: up.session.projectId,
      upload_id: up.start.upload_id,
      part_numbers: wanted,
    },
    up.session.cookie,
  );
  for (const p of data.parts) up.urls.set(p.PartNumber, targetOf(up.base, p));
  const url = up.urls.get(n);
  if (!url) throw new Error(`sign-parts did not sign part ${n}`);
  return url;
}

export async function listParts(base: string, session: Session, uploadId: string) {
  const { data } = await call<ListPartsAnswer>(
    base,
    'GET',
    API.uploads.parts,
    { team_db_id: session.teamId, project_db_id: session.projectId, upload_id: uploadId },
    session.cookie,
  );
  return data;
}

export async function completeUpload(up: OurUpload, etags: Map<number, string>) {
  const parts = [...etags.entries()]
    .sort(([a], [b]) => a - b)
    .map(([PartNumber, ETag]) => ({ PartNumber, ETag }));
  const { data } = await call<CompleteUploadAnswer>(
    up.base,
    'POST',
    API.uploads.complete,
    {
      team_db_id: up.session.teamId,
      project_db_id: up.session.projectId,
      upload_id: up.start.upload_id,
      folder_path: '/',
      parts,
    },
    up.session.cookie,
  );
  return data;
}

/** Abort: the server frees the parts (used for the untimed warm-up upload). */
export async function abortUpload(up: OurUpload) {
  await call(
    up.base,
    'DELETE',
    API.uploads.root,
    { team_db_id: up.session.teamId, project_db_id: up.session.projectId, upload_id: up.start.upload_id },
    up.session.cookie,
  );
}
