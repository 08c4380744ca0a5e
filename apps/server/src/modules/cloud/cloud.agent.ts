import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import {
  CLOUD_AGENT_TEXT,
  CLOUD_MANIFEST_MAX_FILES,
  CLOUD_RENDERS_FOLDER,
  type CloudAgentSession,
} from '@rushes/shared';
import type { DbOrTx } from '../../db/client.ts';
import { cloudSessions, cloudUserSettings } from '../../db/schema/index.ts';
import { userIdOf } from '../../platform/auth/guard.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, forbidden } from '../../platform/http/errors.ts';
import type { ModuleLog } from '../../platform/modules.ts';
import { stringField, type Policy } from '../../platform/policies.ts';
import { currentFilesOf, findFileAsset, sameNameIn } from '../assets/index.ts';
import { authorizeProject, canViewProject, type ProjectAccess } from '../projects/index.ts';
import { rootOf, stackOf, stackVersion } from '../shares/index.ts';
import { catalogueOf } from './cloud.catalogue.ts';
import { actionOf, createAgentLifecycle } from './cloud.agent.lifecycle.ts';
import type { SessionRow } from './cloud.policy.ts';

/**
 * The workstation agent's API: what the agent of one session may read and do. Its caller is that
 * session's agent token (a personal access token of the owner, scoped to the session's project), so
 * the owner's browser, another session's agent and anyone else are refused; what the project allows
 * is the owner's membership, checked again on each call.
 */

export interface AgentAccess extends ProjectAccess {
  session: SessionRow;
}

const isUuid = (id: string) => /^[0-9a-f-]{36}$/i.test(id);

/** Who may call the agent routes of a session: its owner, with that session's own agent token. */
export function isSessionAgent(row: SessionRow | undefined, userId: string, tokenId: string | undefined) {
  return Boolean(row && tokenId && row.agentTokenId === tokenId && row.userId === userId);
}

/** The route policy `cloud.isSessionAgent`: the session named by `cloud_id`, called with its own agent token. */
export const sessionAgentPolicy = (): Policy<AgentAccess> => ({
  reads: 'cloud_id',
  check: (ctx) => async (req) => {
    const userId = userIdOf(req);
    const id = stringField(req, 'cloud_id');
    const [row] = isUuid(id) ? await ctx.db.select().from(cloudSessions).where(eq(cloudSessions.id, id)) : [];
    if (!row || !isSessionAgent(row, userId, req.session?.tokenId))
      throw forbidden(CLOUD_AGENT_TEXT.notThisSession);
    const access = await authorizeProject(ctx.db, userId, row.projectId, canViewProject);
    return { ...access, session: row };
  },
});

declare module '../../platform/policies.ts' {
  interface PolicyAccess {
    'cloud.isSessionAgent': AgentAccess;
  }
}

/** 'A/B' for '/A/B', '' for the root. */
const relative = (folderPath: string) => folderPath.replace(/^\/+/, '');

/** Paths made unique: a second 'A/x.mov' becomes 'A/x (2).mov' (the desktop's folder holds one of each name). */
function uniquePaths(paths: string[]) {
  const seen = new Map<string, number>();
  return paths.map((p) => {
    const key = p.toLowerCase();
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    if (n === 1) return p;
    const dot = p.lastIndexOf('.');
    const slash = p.lastIndexOf('/');
    return dot > slash + 1 ? `${p.slice(0, dot)} (${n})${p.slice(dot)}` : `${p} (${n})`;
  });
}

async function settingsOf(db: DbOrTx, teamId: string, userId: string) {
  const [row] = await db
    .select()
    .from(cloudUserSettings)
    .where(and(eq(cloudUserSettings.teamId, teamId), eq(cloudUserSettings.userId, userId)));
  return row ?? null;
}

export function createCloudAgent(ctx: AppContext, log: ModuleLog) {
  const lifecycle = createAgentLifecycle(ctx, log);

  /** A signed GET of a blob, absolute on the address the agent called (its way to this server). */
  async function signed(key: string, origin: string, endsAt: Date | null) {
    // valid through the session and an hour more (a file first opened late still opens)
    const seconds = Math.min(
      7 * 24 * 3600,
      Math.max(3600, Math.ceil(((endsAt?.getTime() ?? Date.now()) - Date.now()) / 1000) + 3600),
    );
    return new URL(await ctx.blobs.signGetUrl(key, { expiresInSeconds: seconds }), origin).toString();
  }

  /**
   * The local provider's agent runs on this machine as this server's OS user: it may copy a blob's
   * stored files itself, several times faster than over HTTP on loopback (the signed URL stays its
   * fallback). Each null with S3; a remote machine's agent (pool) is never given these paths.
   */
  async function localSources(keys: string[]) {
    const sources = [];
    // a few at a time: a manifest of 10 000 files must not open as many files at once
    for (let i = 0; i < keys.length; i += 32) {
      const batch = keys.slice(i, i + 32).map(async (key) => {
        const parts = await ctx.blobs.localParts(key).catch(() => null);
        return parts ? { parts: parts.map((p) => ({ path: p.file, size: p.size })) } : null;
      });
      sources.push(...(await Promise.all(batch)));
    }
    return sources;
  }

  return {
    /** The session's manifest: what to launch, the project's files with signed URLs, the idle rules. */
    async manifest(access: AgentAccess, origin: string): Promise<CloudAgentSession> {
      const row = access.session;
      const catalogue = await catalogueOf(ctx.db);
      const software = catalogue.softwares.find((s) => s.slug === row.softwareSlug);
      const files = await currentFilesOf(ctx.db, row.projectId, CLOUD_MANIFEST_MAX_FILES);
      const paths = uniquePaths(
        files.map((f) => [relative(f.folderPath), f.row.title].filter(Boolean).join('/')),
      );
      const settings = await settingsOf(ctx.db, row.teamId, row.userId);
      const locals = row.provider === 'local' ? await localSources(files.map((f) => f.row.blobKey!)) : [];
      return {
        cloud_id: row.id,
        assignment_code: row.assignmentCode,
        action: actionOf(row),
        project: {
          id: access.project.id,
          name: access.project.title,
          project_code: access.project.projectCode,
        },
        software: {
          slug: row.softwareSlug,
          title: software?.title ?? row.softwareSlug,
          launch: software?.launch
            ? {
                command: software.launch.command,
                check: software.launch.check,
                open_folder: software.launch.open_folder,
              }
            : null,
        },
        plugins: row.pluginSlugs.map((slug) => {
          const p = catalogue.plugins.find((x) => x.slug === slug);
          return { slug, title: p?.title ?? slug, check: p?.check ?? null };
        }),
        files: await Promise.all(
          files.map(async (f, i) => {
            const local = locals[i];
            return {
              path: paths[i]!,
              size: Number(f.row.sizeBytes),
              sha256: null,
              url: await signed(f.row.blobKey!, origin, row.endsAt),
              updated_at: f.row.updatedAt.toISOString(),
              ...(local ? { local } : {}),
            };
          }),
        ),
        renders_folder: CLOUD_RENDERS_FOLDER,
        idle: lifecycle.idle,
        settings_url: settings ? await signed(settings.blobKey, origin, row.endsAt) : null,
      };
    },

    heartbeat: lifecycle.heartbeat,

    /**
     * A render the agent uploaded into the renders folder: when another file of that name is there,
     * it becomes that file's next version. Answers the same again when called twice.
     */
    async render(access: AgentAccess, assetId: string) {
      const row = access.session;
      const file = await findFileAsset(ctx.db, assetId);
      const folder = `/${CLOUD_RENDERS_FOLDER}`;
      if (
        !file ||
        file.projectId !== row.projectId ||
        (file.folderPath !== folder && !file.folderPath.startsWith(`${folder}/`))
      )
        throw badRequest(CLOUD_AGENT_TEXT.notARender);
      return ctx.events.transaction(ctx.db, async (tx, emit) => {
        const root = await rootOf(tx, file.id);
        if (root !== file.id) {
          const stack = await stackOf(tx, root);
          return { versioned: true, version_no: stack.find((s) => s.asset.id === file.id)?.version ?? null };
        }
        const base = await sameNameIn(tx, file);
        if (!base) return { versioned: false, version_no: null };
        const versionNo = await stackVersion(tx, emit, row.userId, base, file);
        return { versioned: true, version_no: versionNo };
      });
    },

    /** The desktop user's settings archive, kept per (team, user) for their next session. */
    async saveSettings(access: AgentAccess, body: Buffer) {
      const row = access.session;
      const key = `cloud/settings/${row.teamId}/${row.userId}/${randomUUID()}.tar.gz`;
      await ctx.blobs.putObject(key, body, { contentType: 'application/gzip', contentLength: body.length });
      const previous = await settingsOf(ctx.db, row.teamId, row.userId);
      const values = { blobKey: key, size: body.length, updatedAt: new Date() };
      await ctx.db
        .insert(cloudUserSettings)
        .values({ teamId: row.teamId, userId: row.userId, ...values })
        .onConflictDoUpdate({ target: [cloudUserSettings.teamId, cloudUserSettings.userId], set: values });
      if (previous && previous.blobKey !== key) await ctx.blobs.deleteObject(previous.blobKey);
      return { saved: true as const };
    },
  };
}
