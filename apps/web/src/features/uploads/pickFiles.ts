import { unsupportedReason, type UnsupportedReason } from '@rushes/shared';

/** A file the user picked or dropped, with its folder inside the upload ('/' or '/A/B'). */
export interface PickedFile {
  file: File;
  folderPath: string;
}

export interface RefusedFile extends PickedFile {
  reason: UnsupportedReason;
}

/** '/A/B' from 'A/B/clip.mp4' (webkitRelativePath or a drop entry's fullPath). */
export function folderPathOf(relativePath: string): string {
  const segments = relativePath.split('/').filter((s) => s.length > 0);
  segments.pop();
  return segments.length ? `/${segments.join('/')}` : '/';
}

/** Files of an <input type=file>; a folder input (webkitdirectory) gives each file its relative path. */
export function fromInput(files: FileList | readonly File[]): PickedFile[] {
  return [...files].map((file) => ({ file, folderPath: folderPathOf(file.webkitRelativePath || file.name) }));
}

function readAll(reader: FileSystemDirectoryReader): Promise<FileSystemEntry[]> {
  // readEntries answers in batches (100 in Chromium) until it answers an empty one.
  return new Promise((resolve, reject) => {
    const all: FileSystemEntry[] = [];
    const next = () =>
      reader.readEntries((batch) => {
        if (batch.length === 0) resolve(all);
        else {
          all.push(...batch);
          next();
        }
      }, reject);
    next();
  });
}

/** A folder's files, walked recursively; a file the browser cannot read is skipped, not the whole drop. */
async function walk(entry: FileSystemEntry, out: PickedFile[]): Promise<void> {
  try {
    if (entry.isFile) {
      const file = await new Promise<File>((resolve, reject) =>
        (entry as FileSystemFileEntry).file(resolve, reject),
      );
      out.push({ file, folderPath: folderPathOf(entry.fullPath) });
    } else if (entry.isDirectory) {
      const children = await readAll((entry as FileSystemDirectoryEntry).createReader());
      for (const child of children) await walk(child, out);
    }
  } catch (err) {
    console.warn(`could not read ${entry.fullPath} from the drop`, err);
  }
}

/**
 * Files of a drop, folders walked recursively so each file keeps its folder path. Everything is
 * taken synchronously (the DataTransfer empties once the drop handler returns): a dropped file is
 * its item's File at once, only a dropped folder is walked afterwards. Items without an entry (a
 * synthetic drop) fall back to the plain file list.
 */
export function fromDrop(transfer: DataTransfer): Promise<PickedFile[]> {
  const folders: FileSystemEntry[] = [];
  const loose: File[] = [];
  for (const item of [...transfer.items]) {
    if (item.kind !== 'file') continue;
    const entry = item.webkitGetAsEntry?.();
    if (entry?.isDirectory) folders.push(entry);
    else {
      const file = item.getAsFile();
      if (file) loose.push(file);
    }
  }
  if (folders.length === 0 && loose.length === 0) loose.push(...transfer.files);
  return (async () => {
    const out: PickedFile[] = loose.map((file) => ({ file, folderPath: '/' }));
    for (const folder of folders) await walk(folder, out);
    return out;
  })();
}

/** Splits picked files into those that may go up and those for the unsupported-files modal (000 §4). */
export function sortPicked(picked: readonly PickedFile[]): {
  accepted: PickedFile[];
  refused: RefusedFile[];
} {
  const accepted: PickedFile[] = [];
  const refused: RefusedFile[] = [];
  for (const one of picked) {
    const reason = unsupportedReason(one.file.name, one.folderPath);
    if (reason) refused.push({ ...one, reason });
    else accepted.push(one);
  }
  return { accepted, refused };
}
