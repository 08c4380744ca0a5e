import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { CLOUD_API, CLOUD_ERROR_TYPES, CLOUD_TEXT } from '@rushes/shared';
import type { z } from 'zod';
import type { cloudConnectorQuery, cloudReportBody } from '@rushes/shared';
import { cloudIssueReports, cloudSessions } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, fieldError } from '../../platform/http/errors.ts';
import { secretBoxFor } from '../../platform/security/secretBox.ts';
import { catalogueOf } from './cloud.catalogue.ts';
import { ownSession, type SessionRow } from './cloud.policy.ts';

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

/** The VNC viewers the connector step links to, per operating system (decided: TigerVNC). */
const CONNECTORS: Record<z.output<typeof cloudConnectorQuery>['os'], string> = {
  windows: 'https://sourceforge.net/projects/tigervnc/files/stable/',
  mac_intel: 'https://sourceforge.net/projects/tigervnc/files/stable/',
  mac_silicon: 'https://sourceforge.net/projects/tigervnc/files/stable/',
  linux: 'https://tigervnc.org/',
};

/** Launch, connection file, reports: the started session's access. */
export function createCloudAccess(ctx: AppContext) {
  const box = secretBoxFor(ctx.config, ctx.secret);

  function started(row: SessionRow) {
    if (row.status !== 'machine_started' || !row.passwordSealed) throw badRequest(CLOUD_TEXT.notStarted);
    return { ...row, password: box.open(row.passwordSealed) };
  }

  return {
    connector: (os: z.output<typeof cloudConnectorQuery>['os']) => CONNECTORS[os],

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
     * A .vnc file for connector apps (TigerVNC, RealVNC read it). The local provider listens on
     * loopback only, so the file points at the server's own host; pool machines give their address.
     */
    async connectionFile(userId: string, sessionId: string) {
      const row = started(await ownSession(ctx.db, userId, sessionId));
      const host = row.provider === 'local' ? new URL(ctx.config.publicUrl).hostname : (row.ipAddress ?? '');
      const content = [
        '[Connection]',
        `Host=${host}`,
        `Port=${row.port ?? 5900}`,
        `Username=${row.username ?? ''}`,
        '[Options]',
        'FullScreen=0',
        '',
      ].join('\n');
      return { file_name: `${row.assignmentCode}.vnc`, content };
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
