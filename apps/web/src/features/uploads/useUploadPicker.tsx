import { useCallback, useRef, useState, type ReactNode } from 'react';
import { fromDrop, fromInput, sortPicked, type PickedFile, type RefusedFile } from './pickFiles.ts';
import { UnsupportedFilesModal } from './UnsupportedFilesModal.tsx';
import { addUploads } from './uploader.ts';

interface Pending {
  accepted: PickedFile[];
  refused: RefusedFile[];
}

export interface UploadPicker {
  /** opens the file chooser (several files) */
  chooseFiles: () => void;
  /** opens the folder chooser; files keep their folder paths */
  chooseFolder: () => void;
  /** handles a drop of files and folders */
  drop: (transfer: DataTransfer) => void;
  /** the hidden inputs and the unsupported-files modal: render once */
  elements: ReactNode;
}

/**
 * Picking files for one project folder: the file and folder choosers, drops, and the
 * unsupported-files step (spec 000 §4) before the rest goes to the uploader.
 */
export function useUploadPicker(projectDbId: string, folderDbId: string | null): UploadPicker {
  const filesInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState<Pending>({ accepted: [], refused: [] });

  const take = useCallback(
    (picked: PickedFile[]) => {
      const sorted = sortPicked(picked);
      if (sorted.refused.length > 0) setPending(sorted);
      else if (sorted.accepted.length > 0) addUploads(projectDbId, folderDbId, sorted.accepted);
    },
    [projectDbId, folderDbId],
  );

  const onInput = (event: React.ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    if (input.files?.length) take(fromInput(input.files));
    // the same selection again must fire change again
    input.value = '';
  };

  const elements = (
    <>
      <input
        ref={filesInput}
        type="file"
        multiple
        hidden
        data-testid="upload-files-input"
        onChange={onInput}
      />
      <input
        ref={folderInput}
        type="file"
        multiple
        hidden
        data-testid="upload-folder-input"
        onChange={onInput}
        {...{ webkitdirectory: '', directory: '' }}
      />
      <UnsupportedFilesModal
        refused={pending.refused}
        acceptedCount={pending.accepted.length}
        onCancel={() => setPending({ accepted: [], refused: [] })}
        onProceed={() => {
          addUploads(projectDbId, folderDbId, pending.accepted);
          setPending({ accepted: [], refused: [] });
        }}
      />
    </>
  );

  return {
    chooseFiles: () => filesInput.current?.click(),
    chooseFolder: () => folderInput.current?.click(),
    drop: (transfer) => void fromDrop(transfer).then(take),
    elements,
  };
}
