import type { Writable } from 'node:stream';
import { FTP_TEXT, isValidUploadFolderPath, unsupportedReason } from '@rushes/shared';

/** Where a STOR writes, relative to the session's root: folders then the file name. */
export interface StorTarget {
  dirs: string[];
  filename: string;
}

class FtpRefusal extends Error {}

const refuse = (text: string) => new FtpRefusal(text);

const dirStat = (name: string) => ({
  name,
  size: 0,
  mtime: new Date(),
  mode: 0o40755,
  isDirectory: () => true,
});

/**
 * The file system a C2E session sees (ftp-srv's `fs` of a login): a virtual tree rooted at the
 * session's destination, write-only. Paths are relative to the working directory; '..', absolute
 * paths (other than '/' itself, the session's root) and backslashes are refused, so no path can
 * name anything outside the root. Listing shows nothing (other sessions' files and the project's
 * assets stay private); reading, deleting, renaming and chmod are refused. Folders are virtual:
 * MKD and CWD accept valid names, and the folders are made in the project when a file lands.
 */
export class C2eFileSystem {
  private cwd: string[] = [];

  constructor(private readonly openWrite: (target: StorTarget) => Promise<Writable>) {}

  /** Segments of `p` from the session's root, or a refusal. */
  resolve(p: string | null | undefined): string[] {
    const input = (p ?? '').trim();
    if (input === '' || input === '.') return [...this.cwd];
    if (input === '/') return [];
    if (input.startsWith('/') || input.includes('\\')) throw refuse(FTP_TEXT.outsideRoot);
    const out = [...this.cwd];
    for (const segment of input.split('/')) {
      if (segment === '' || segment === '.') continue;
      if (segment === '..') throw refuse(FTP_TEXT.outsideRoot);
      out.push(segment);
    }
    return out;
  }

  /** Segments of a folder path, each a valid folder name. */
  private folder(p: string | null | undefined): string[] {
    const out = this.resolve(p);
    if (out.length && !isValidUploadFolderPath(`/${out.join('/')}`)) throw refuse(FTP_TEXT.badName);
    return out;
  }

  currentDirectory() {
    return `/${this.cwd.join('/')}`;
  }

  get(p: string) {
    const segments = this.resolve(p);
    return dirStat(segments.at(-1) ?? '/');
  }

  list(p?: string) {
    this.resolve(p);
    return [];
  }

  chdir(p?: string) {
    this.cwd = this.folder(p);
    return this.currentDirectory();
  }

  mkdir(p: string) {
    return `/${this.folder(p).join('/')}`;
  }

  async write(fileName: string, opts: { append?: boolean; start?: number } = {}) {
    if (opts.append || (opts.start ?? 0) > 0) throw refuse(FTP_TEXT.noResume);
    const segments = this.resolve(fileName);
    const filename = segments.pop();
    if (!filename) throw refuse(FTP_TEXT.badName);
    const reason = unsupportedReason(filename, `/${segments.join('/')}`);
    if (reason === 'restricted_extension') throw refuse(FTP_TEXT.restricted);
    if (reason) throw refuse(FTP_TEXT.badName);
    const stream = await this.openWrite({ dirs: segments, filename });
    return { stream, clientPath: [...segments, filename].join('/') };
  }

  read(): never {
    throw refuse(FTP_TEXT.writeOnly);
  }
  delete(): never {
    throw refuse(FTP_TEXT.writeOnly);
  }
  rename(): never {
    throw refuse(FTP_TEXT.writeOnly);
  }
  chmod(): never {
    throw refuse(FTP_TEXT.writeOnly);
  }
  getUniqueName(name: string) {
    return name;
  }
}
