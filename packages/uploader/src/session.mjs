// What every command needs: the login, the API, where the files go (project, folder) and the state file.
import { createApi } from './api.mjs';
import { configPath, loginFrom } from './config.mjs';
import { isUuid, parseProject, resolveProject } from './project.mjs';
import { jsonStore } from './state.mjs';

export class UsageError extends Error {}

/**
 * `--folder`: a folder_db_id, or a folder path in the project ('Card A/Day 1'), created on the first
 * upload if it does not exist (the upload protocol creates or reuses a file's folder_path).
 */
export function parseFolder(value) {
  if (!value) return { folderDbId: null, folderPath: '/' };
  if (isUuid(value)) return { folderDbId: value, folderPath: '/' };
  const segments = value.split(/[\\/]+/).filter(Boolean);
  return { folderDbId: null, folderPath: segments.length ? `/${segments.join('/')}` : '/' };
}

export async function openSession(opts) {
  const parsed = opts.project ? parseProject(opts.project) : null;
  // A project URL names its server: enough when no --url and no saved login say otherwise.
  const login = loginFrom({ ...opts, url: opts.url || parsed?.origin });
  if (!login)
    throw new UsageError(
      'not signed in: run `rushes-upload login`, or give --url and --token (a personal access token)',
    );
  const api = createApi(login);
  const state = jsonStore(opts.state || configPath('uploads.json'));
  return { login, api, state, parsed };
}

export async function destinationOf(api, parsed, folderOpt) {
  const project = await resolveProject(api, parsed);
  const folder = parseFolder(folderOpt);
  return {
    project,
    dest: {
      projectDbId: project.projectDbId,
      folderDbId: folder.folderDbId ?? project.folderDbId ?? null,
      folderPath: folder.folderPath,
    },
  };
}
