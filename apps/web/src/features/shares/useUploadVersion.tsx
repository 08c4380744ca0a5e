import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { MSG, type AssetItem } from '@rushes/shared';
import { versionsRoutes } from '@rushes/shared/routes/shares';
import { call } from '../../api/client.ts';
import { showApiError } from '../../app/apiErrors.ts';
import { toast } from '../../ui/toast.ts';
import { fromInput } from '../uploads/pickFiles.ts';
import { addUploads, onUploadCompleted } from '../uploads/uploader.ts';
import { shareKeys } from './api.ts';

/** Uploads waiting to be stacked: the upload's resume key → the asset it is a new version of. */
const pending = new Map<string, string>();

/**
 * 'Upload new version' or a file dropped onto an asset's row: the file goes through the ordinary uploader into the asset's
 * folder; once the server has it, it is stacked onto the asset as its newest version.
 */
export function useUploadVersion(projectDbId: string, folderDbId: string | null) {
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const target = useRef<string | null>(null);
  useEffect(
    () =>
      onUploadCompleted(({ ingestDbId, resumeKey }) => {
        const base = pending.get(resumeKey);
        if (!base) return;
        pending.delete(resumeKey);
        call(versionsRoutes.add, { ingest_db_id: base, version_ingest_db_id: ingestDbId })
          .then((d) => {
            toast.success(d.message || MSG.versionAdded);
            void queryClient.invalidateQueries({ queryKey: shareKeys.all });
          })
          .catch(showApiError);
      }),
    [queryClient],
  );
  /** a file dropped onto the asset's row (stable, so memoised rows keep it) */
  const drop = useCallback(
    (asset: AssetItem, file: File) => {
      for (const key of addUploads(projectDbId, folderDbId, fromInput([file])))
        pending.set(key, asset.ingest_db_id);
    },
    [projectDbId, folderDbId],
  );
  const elements = (
    <input
      ref={input}
      type="file"
      hidden
      data-testid="upload-version-input"
      onChange={(e) => {
        const files = e.currentTarget.files;
        const base = target.current;
        if (files?.length && base) {
          for (const key of addUploads(projectDbId, folderDbId, fromInput(files))) pending.set(key, base);
        }
        e.currentTarget.value = '';
      }}
    />
  );
  return {
    drop,
    choose: (asset: AssetItem) => {
      target.current = asset.ingest_db_id;
      input.current?.click();
    },
    elements,
  };
}
