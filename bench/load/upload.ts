import { performance } from 'node:perf_hooks';
import { API } from '@rushes/shared';
import { ok, send } from './http.ts';
import { smallPng } from './png.ts';

export interface StillUploader {
  /** The user's timed API call (driver.ts). */
  call: <T>(name: string, method: string, path: string, payload?: Record<string, unknown>) => Promise<T>;
  record: (name: string, ms: number, err?: unknown) => void;
  base: string;
  forwardedFor: string;
  projectId: string;
  index: number;
}

/** A 12 KB PNG through the upload protocol, as the web app sends it: start, PUT the one part, complete. */
export async function uploadStill(u: StillUploader) {
  const bytes = smallPng();
  const project_db_id = u.projectId;
  const start = await u.call<{ upload_id: string; parts: { url: string; PartNumber: number }[] }>(
    'upload',
    'POST',
    API.uploads.root,
    {
      project_db_id,
      folder_db_id: null,
      data: {
        upload_status: 'started',
        file_info: {
          filename: `still_${u.index}_${Date.now()}.png`,
          folder_path: '/',
          extension: 'png',
          size: bytes.length,
          mime_type: 'image/png',
        },
      },
    },
  );
  const t0 = performance.now();
  let etag: string;
  try {
    const res = await send(
      'PUT',
      new URL(start.parts[0].url, u.base).toString(),
      { 'content-type': 'application/octet-stream', 'x-forwarded-for': u.forwardedFor },
      Buffer.from(bytes),
    );
    etag = String(res.headers.etag ?? '');
    if (!ok(res.status) || !etag) throw new Error(`PUT part → ${res.status}`);
    u.record('upload', performance.now() - t0);
  } catch (err) {
    u.record('upload', performance.now() - t0, err);
    throw err;
  }
  await u.call('upload', 'POST', API.uploads.complete, {
    project_db_id,
    upload_id: start.upload_id,
    folder_path: '/',
    parts: [{ PartNumber: 1, ETag: etag }],
  });
}
