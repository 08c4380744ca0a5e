// What --project accepts: the Project ID the project page shows (PR4KJUWKDZ), the project page's
// URL (…/project/<project_db_id>/<folder_db_id>?), or the internal project_db_id.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CODE = /^PR[A-Z0-9]{1,30}$/i;
export const isUuid = (s) => UUID.test(s);

export class BadProject extends Error {}

export const PROJECT_HINT =
  'give the Project ID shown on the project page (PR…), the project page URL, or the project_db_id';

/**
 * Parses what the user typed without asking the server: { id } | { code } | { id, folderId, origin }.
 */
export function parseProject(input) {
  const text = String(input ?? '').trim();
  if (!text) throw new BadProject(`--project is missing: ${PROJECT_HINT}`);
  if (UUID.test(text)) return { id: text.toLowerCase() };
  if (CODE.test(text)) return { code: text.toUpperCase() };
  if (/^https?:\/\//i.test(text)) {
    const u = new URL(text);
    const m = /\/project\/([^/?#]+)(?:\/([^/?#]+))?/.exec(u.pathname);
    const id = m && decodeURIComponent(m[1]);
    if (id && UUID.test(id)) {
      const folder = m[2] && decodeURIComponent(m[2]);
      return {
        id: id.toLowerCase(),
        folderId: folder && UUID.test(folder) ? folder : undefined,
        origin: u.origin,
      };
    }
  }
  throw new BadProject(`--project ${text}: ${PROJECT_HINT}`);
}

/** The project_db_id (and the folder of a URL) for the caller; a code is resolved by the server. */
export async function resolveProject(api, input) {
  const parsed = typeof input === 'string' ? parseProject(input) : input;
  if (parsed.code) {
    const info = await api.get('/api/projects/info/by-code', { project_id: parsed.code });
    return { projectDbId: info.project_db_id, projectId: info.project_id, title: info.title };
  }
  const info = await api.get('/api/projects/info', { project_db_id: parsed.id });
  return {
    projectDbId: info.project_db_id,
    projectId: info.project_id,
    title: info.title,
    folderDbId: parsed.folderId,
  };
}
