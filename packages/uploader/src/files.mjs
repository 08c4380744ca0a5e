// The files of an upload: a folder keeps its name and structure (like the browser's folder upload).
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** Joins a project folder path ('/' or '/A/B') and a relative one ('/C'). */
export const joinFolder = (a, b) => {
  const joined = `${a === '/' ? '' : a}${b === '/' ? '' : b}`;
  return joined || '/';
};

/**
 * Every file under `p` (itself when it is a file), hidden ones left out, sorted by name.
 * `folderPath` of each is relative to the destination: '/' for a file given by name, '/Name/…' for
 * the files of a folder named Name (or '/…' when `keepRoot` is false: a watch folder's own files).
 */
export function collect(p, { keepRoot = true } = {}) {
  const abs = path.resolve(p);
  const st = statSync(abs);
  if (st.isFile())
    return [{ abs, name: path.basename(abs), folderPath: '/', size: st.size, mtime: st.mtimeMs }];
  const out = [];
  const walk = (dir, rel) => {
    const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full, `${rel}/${entry.name}`);
      else if (entry.isFile()) {
        let s;
        try {
          s = statSync(full);
        } catch {
          continue; // removed meanwhile
        }
        out.push({ abs: full, name: entry.name, folderPath: rel || '/', size: s.size, mtime: s.mtimeMs });
      }
    }
  };
  walk(abs, keepRoot ? `/${path.basename(abs)}` : '');
  return out;
}

export const where = (f) => `${f.folderPath === '/' ? '' : f.folderPath}/${f.name}`;
