// The user's VNC viewer on the tunnel's local port: TigerVNC's `vncviewer` (Linux, Windows) or macOS's
// own Screen Sharing (`open vnc://…`). Best effort: without one, the printed address is enough.
import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';

/** Where TigerVNC installs its viewer on Windows when it is not on PATH. */
const WINDOWS_PLACES = [
  process.env.ProgramFiles && path.join(process.env.ProgramFiles, 'TigerVNC', 'vncviewer.exe'),
  process.env['ProgramFiles(x86)'] &&
    path.join(process.env['ProgramFiles(x86)'], 'TigerVNC', 'vncviewer.exe'),
].filter(Boolean);

function executable(file) {
  try {
    accessSync(file, process.platform === 'win32' ? constants.F_OK : constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The first of `names` on PATH (then the usual install places on Windows), or null. */
export function findProgram(names, env = process.env) {
  const exts = process.platform === 'win32' ? ['.exe', ''] : [''];
  for (const dir of (env.PATH ?? '').split(path.delimiter).filter(Boolean))
    for (const name of names)
      for (const ext of exts) if (executable(path.join(dir, name + ext))) return path.join(dir, name + ext);
  if (process.platform === 'win32') return WINDOWS_PLACES.find(executable) ?? null;
  return null;
}

/** The command that opens a viewer on 127.0.0.1:<port> here, or null when there is none. */
export function viewerCommand(port) {
  if (process.platform === 'darwin') return ['open', [`vnc://127.0.0.1:${port}`]];
  // TigerVNC reads host::port as a port (host:n would be display n, port 5900+n)
  const viewer = findProgram(['vncviewer', 'tigervnc', 'xtigervncviewer']);
  return viewer ? [viewer, [`127.0.0.1::${port}`]] : null;
}

/** Starts the viewer, detached; answers the command line started or null. */
export function startViewer(port) {
  const command = viewerCommand(port);
  if (!command) return null;
  const [cmd, args] = command;
  try {
    const child = spawn(cmd, args, { stdio: 'ignore', detached: true, windowsHide: false });
    child.on('error', () => {});
    child.unref();
    return [cmd, ...args].join(' ');
  } catch {
    return null;
  }
}
