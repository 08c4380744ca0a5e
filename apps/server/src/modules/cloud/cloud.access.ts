import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { CLOUD_API, CLOUD_ERROR_TYPES, CLOUD_TEXT, type UploaderTarget } from '@rushes/shared';
import type { z } from 'zod';
import type { cloudConnectorQuery, cloudReportBody } from '@rushes/shared';
import { cloudIssueReports, cloudSessions } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, fieldError } from '../../platform/http/errors.ts';
import { secretBoxFor } from '../../platform/security/secretBox.ts';
import { uploaderBuilds } from '../camera/index.ts';
import { catalogueOf } from './cloud.catalogue.ts';
import { ownSession, type SessionRow } from './cloud.policy.ts';
import { connectorToken } from './cloud.tunnel.ts';

/** A launch token lives this long: enough to open the page, not to be reused later. */
export const LAUNCH_TOKEN_SECONDS = 120;

const sign = (secret: string, sessionId: string, userId: string, exp: number) =>
  createHmac('sha256', secret).update(`cloud-launch.${sessionId}.${userId}.${exp}`).digest('base64url');

export function launchToken(secret: string, sessionId: string, userId: string, nowMs = Date.now()) {
  const exp = Math.floor(nowMs / 1000) + LAUNCH_TOKEN_SECONDS;
  return { token: `${exp}.${sign(secret, sessionId, userId, exp)}`, exp };
}

export function checkLaunchToken(secret: string, sessionId: string, userId: string, token: string) {
  const [expText, sig] = token.split('.');
  const exp = Number(expText);
  if (!sig || !Number.isInteger(exp) || exp * 1000 < Date.now()) return false;
  const want = Buffer.from(sign(secret, sessionId, userId, exp));
  const got = Buffer.from(sig);
  return want.length === got.length && timingSafeEqual(want, got);
}

/**
 * The connector is our own program (the uploader build: its `connect` command opens the tunnel), so
 * spec 001 §7's connector OS names map to the uploader's builds.
 */
const CONNECTOR_BUILDS: Record<z.output<typeof cloudConnectorQuery>['os'], UploaderTarget> = {
  windows: 'windows',
  mac_intel: 'macos_intel',
  mac_silicon: 'macos_silicon',
  linux: 'linux',
};

/** Launch, connection file, reports: the started session's access. */
export function createCloudAccess(ctx: AppContext) {
  const box = secretBoxFor(ctx.config, ctx.secret);

  function started(row: SessionRow) {
    if (row.status !== 'machine_started' || !row.passwordSealed) throw badRequest(CLOUD_TEXT.notStarted);
    return { ...row, password: box.open(row.passwordSealed) };
  }

  return {
    /** The program's download for that OS: the built file, else the /uploader page that says why not. */
    async connector(os: z.output<typeof cloudConnectorQuery>['os']) {
      const target = CONNECTOR_BUILDS[os];
      const built = (await uploaderBuilds(ctx.config)).platforms.find((p) => p.os === target);
      if (built?.url)
        return { url: built.url, file_name: built.file, size: built.size, sha256: built.sha256 };
      return { url: `/uploader?os=${target}`, file_name: null, size: null, sha256: null };
    },

    async launch(userId: string, sessionId: string) {
      const row = started(await ownSession(ctx.db, userId, sessionId));
      const { token, exp } = launchToken(ctx.secret, row.id, userId);
      const q = new URLSearchParams({ cloud_id: row.id, launch_token: token });
      return {
        launch_token: token,
        url: `${CLOUD_API.vnc}?${q}`,
        password: row.password,
        expires_at: new Date(exp * 1000).toISOString(),
      };
    },

    /**
     * The connector's connection file: the server's public address as this request reached it (a
     * program on the user's computer must reach it too: never loopback, cloud.tunnel.ts
     * publicOrigin), the session and a connector token of the caller's.
     */
    async connectionFile(userId: string, sessionId: string, origin: string) {
      const row = started(await ownSession(ctx.db, userId, sessionId));
      const token = connectorToken(ctx.secret, row.id, userId, row.endsAt ?? new Date());
      const fileName = `${row.assignmentCode}.rushes`;
      const content = `${JSON.stringify({ url: origin, cloud_id: row.id, token }, null, 2)}\n`;
      return { file_name: fileName, content, command: `rushes-upload connect ${fileName}` };
    },

    async errorTypes(userId: string, sessionId: string) {
      const row = await ownSession(ctx.db, userId, sessionId);
      const hasPlugins = row.pluginSlugs.length > 0;
      const software = (await catalogueOf(ctx.db)).softwares.find((s) => s.slug === row.softwareSlug);
      return {
        error_types: CLOUD_ERROR_TYPES.filter((t) => t.value !== 'plugin' || hasPlugins).map((t) =>
          t.value === 'software' && software ? { ...t, label: `${software.title} does not work` } : { ...t },
        ),
      };
    },

    /** The session id typed must be the session's (spec 001 §5), else 'Invalid Cloud Session ID'. */
    async report(userId: string, body: z.output<typeof cloudReportBody>) {
      const row = await ownSession(ctx.db, userId, body.cloud_assignment_db_id);
      if (body.cloud_assignment_id.toUpperCase() !== row.assignmentCode)
        throw fieldError('cloud_assignment_id', CLOUD_TEXT.invalidSessionId);
      if (!CLOUD_ERROR_TYPES.some((t) => t.value === body.error_type))
        throw fieldError('error_type', CLOUD_TEXT.reportType);
      await ctx.db.insert(cloudIssueReports).values({
        sessionId: row.id,
        userId,
        errorType: body.error_type,
        errorMessage: body.error_message,
      });
      return { message: CLOUD_TEXT.reportSent };
    },
  };
}

export async function sessionById(ctx: AppContext, id: string) {
  const [row] = await ctx.db.select().from(cloudSessions).where(eq(cloudSessions.id, id));
  return row ?? null;
}

/**
 * Where a started session's VNC server listens and its password, for a server-side client (live
 * collaboration's guest view authenticates for the guest, who never sees the password). Null when
 * the session is not started or has no desktop.
 */
export async function desktopEndpoint(ctx: AppContext, sessionId: string) {
  const row = await sessionById(ctx, sessionId);
  if (!row || row.status !== 'machine_started' || !row.passwordSealed || !row.port || !row.ipAddress)
    return null;
  const password = secretBoxFor(ctx.config, ctx.secret).open(row.passwordSealed);
  return { host: row.ipAddress, port: row.port, password };
}
