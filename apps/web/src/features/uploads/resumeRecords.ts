/**
 * Uploads this browser started and has not finished, so a file picked again after a reload (or a
 * server restart) resumes instead of starting over (docs/decisions/0009-uploads-and-media.md 'Uploads in the browser').
 * The record holds ids only, never file bytes: the user re-adds the file, the client asks the server
 * which parts it has (listParts) and sends the rest.
 */
export interface ResumeRecord {
  upload_id: string;
  ingest_db_id: string;
  part_size: number;
  saved_at: number;
}

const STORAGE_KEY = 'rushes.uploads.v1';
/** Server-side sessions outlive this easily; older records are dropped. */
const MAX_AGE_MS = 7 * 24 * 3600 * 1000;

/** What identifies "the same file into the same place": target, path, name, size and modification time. */
export interface FileIdentity {
  projectDbId: string;
  folderDbId: string | null;
  folderPath: string;
  name: string;
  size: number;
  lastModified: number;
}

export const fingerprint = (f: FileIdentity) =>
  [f.projectDbId, f.folderDbId ?? 'root', f.folderPath, f.name, f.size, f.lastModified].join('|');

function readAll(): Record<string, ResumeRecord> {
  try {
    const parsed = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, ResumeRecord>) : {};
  } catch {
    return {};
  }
}

function writeAll(records: Record<string, ResumeRecord>): void {
  const now = Date.now();
  const fresh = Object.fromEntries(Object.entries(records).filter(([, r]) => now - r.saved_at < MAX_AGE_MS));
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(fresh));
  } catch {
    // storage full or blocked: resuming after a reload is then not offered, uploading still works
  }
}

export const resumeRecords = {
  get(key: string): ResumeRecord | null {
    return readAll()[key] ?? null;
  },
  save(key: string, record: Omit<ResumeRecord, 'saved_at'>): void {
    writeAll({ ...readAll(), [key]: { ...record, saved_at: Date.now() } });
  },
  remove(key: string): void {
    const all = readAll();
    if (!(key in all)) return;
    delete all[key];
    writeAll(all);
  },
};
