import { useRef, useState } from 'react';
import type { AssetItem } from '@rushes/shared';

/** Takes one dropped file as a new version of the asset (absent: the viewer may not upload). */
export type DropVersion = (asset: AssetItem, file: File) => void;

const carriesFiles = (event: React.DragEvent) => [...event.dataTransfer.types].includes('Files');

/**
 * One file dropped onto a file's row: the row takes it as a new version. Several files,
 * or a folder, fall through to the folder's drop zone (an ordinary upload).
 */
function singleFile(transfer: DataTransfer): File | null {
  if (transfer.items.length !== 1 || transfer.files.length !== 1) return null;
  const entry = transfer.items[0].webkitGetAsEntry?.();
  return entry && !entry.isFile ? null : transfer.files[0];
}

/**
 * Drag-over state and handlers of a row or card that takes a dropped file as a new version.
 * `onRefused` (the grid): a file dropped where the viewer may not upload says why instead of
 * being opened by the browser.
 */
export function useVersionDrop(asset: AssetItem, onDropVersion?: DropVersion, onRefused?: () => void) {
  const [over, setOver] = useState(false);
  const depth = useRef(0);
  if (asset.is_folder) return { over: false, handlers: {} };
  if (!onDropVersion) {
    if (!onRefused) return { over: false, handlers: {} };
    return {
      over: false,
      handlers: {
        onDragOver: (event: React.DragEvent) => {
          if (carriesFiles(event)) event.preventDefault();
        },
        onDrop: (event: React.DragEvent) => {
          if (!carriesFiles(event)) return;
          event.preventDefault();
          event.stopPropagation();
          onRefused();
        },
      },
    };
  }
  return {
    over,
    handlers: {
      'data-version-drop': 'true',
      onDragEnter: (event: React.DragEvent) => {
        // several files go into the folder (the drop zone): only one is a version
        if (!carriesFiles(event) || event.dataTransfer.items.length !== 1) return;
        depth.current += 1;
        setOver(true);
      },
      onDragLeave: () => {
        depth.current = Math.max(0, depth.current - 1);
        if (depth.current === 0) setOver(false);
      },
      onDrop: (event: React.DragEvent) => {
        depth.current = 0;
        setOver(false);
        const file = singleFile(event.dataTransfer);
        if (!file) return; // the drop zone uploads them into the folder
        event.preventDefault();
        event.stopPropagation();
        onDropVersion(asset, file);
      },
    },
  };
}
