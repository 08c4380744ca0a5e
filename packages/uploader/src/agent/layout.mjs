// Where a workstation session's things live in the desktop user's home:
//   ~/<Project name>/<folder path>/<file>   the project's media, read-only (files 0444, folders 0555)
//   ~/<Project name>/Renders/               writable: what is closed here goes back to the project
//   ~/Renders -> <Project name>/Renders     the same folder at the top of every file dialog
//   ~/<Project name>/.rushes-sync.json      what has arrived so far
//   ~/.rushes-agent/                        the agent's own state, logs and partial downloads
import { chmodSync, existsSync, lstatSync, mkdirSync, readlinkSync, symlinkSync, unlinkSync } from 'node:fs';
import path from 'node:path';

/** A project name as a folder name: no separators, no leading dot, not empty. */
export function folderNameOf(project) {
  const name = String(project?.name ?? '')
    // eslint-disable-next-line no-control-regex
    .replace(/[/\\\u0000-\u001f]+/g, '-')
    .replace(/^[.\s]+/, '')
    .trim()
    .slice(0, 120);
  return name || project?.project_code || 'Project';
}

/**
 * The segments of a manifest path ('Folder/Sub/name.mov'), or null when it could leave the project
 * folder or name something no file may be called.
 */
export function segmentsOf(p) {
  if (typeof p !== 'string' || p.startsWith('/') || p.includes('\\') || p.includes('\u0000')) return null;
  const segments = p.split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..')) return null;
  return segments;
}

export function layoutOf(manifest, homeDir) {
  const projectDir = path.join(homeDir, folderNameOf(manifest.project));
  const rendersName = segmentsOf(manifest.renders_folder ?? '')?.[0] ?? 'Renders';
  const agentDir = path.join(homeDir, '.rushes-agent');
  return {
    homeDir,
    projectDir,
    rendersName,
    rendersDir: path.join(projectDir, rendersName),
    agentDir,
    partsDir: path.join(agentDir, 'parts'),
    statusFile: path.join(projectDir, '.rushes-sync.json'),
  };
}

/**
 * Runs `fn` with `dir` writable by its owner, then read-only again: the project's folders stay
 * 0555 for the editor while the agent adds what arrives. Synchronous, so no other write interleaves.
 */
export function withWritable(dir, fn) {
  chmodSync(dir, 0o755);
  try {
    return fn();
  } finally {
    chmodSync(dir, 0o555);
  }
}

/** Makes `rel` (segments) under the read-only `root`, each new folder 0555. */
export function ensureDirs(root, segments) {
  let dir = root;
  for (const s of segments) {
    const next = path.join(dir, s);
    if (!existsSync(next)) withWritable(dir, () => mkdirSync(next, { mode: 0o555 }));
    dir = next;
  }
  return dir;
}

/** The project folder (read-only), its writable Renders, the shortcut in home and the agent's folders. */
export function prepareLayout(layout) {
  mkdirSync(layout.partsDir, { recursive: true, mode: 0o700 });
  if (!existsSync(layout.projectDir)) mkdirSync(layout.projectDir, { mode: 0o555 });
  if (!existsSync(layout.rendersDir))
    withWritable(layout.projectDir, () => mkdirSync(layout.rendersDir, { mode: 0o755 }));
  chmodSync(layout.projectDir, 0o555);
  const shortcut = path.join(layout.homeDir, layout.rendersName);
  const target = path.relative(layout.homeDir, layout.rendersDir);
  let present = null;
  try {
    present = lstatSync(shortcut);
  } catch {
    // none yet
  }
  if (!present) symlinkSync(target, shortcut);
  else if (present.isSymbolicLink() && readlinkSync(shortcut) !== target) {
    // Another project's Renders from an earlier session of this home: this session's instead.
    unlinkSync(shortcut);
    symlinkSync(target, shortcut);
  }
  return layout;
}
