import type { CloudCatalogue, CloudQueueEntry, CloudSession, RequestedCloudSession } from '@rushes/shared';
import type { SecretBox } from '../../platform/security/secretBox.ts';
import { configurationId } from '@rushes/shared';
import type { cloudQueue } from '../../db/schema/index.ts';
import { launchToken } from './cloud.access.ts';
import type { SessionRow } from './cloud.policy.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The owner's view of a session: configuration, access details and credentials (spec 001 §3). While
 * started it carries a fresh launch token for the browser launch (bound to the session and its
 * owner, LAUNCH_TOKEN_SECONDS long: the web reads the session again when it opens the desktop).
 */
export function presentSession(
  c: CloudCatalogue,
  box: SecretBox,
  row: SessionRow,
  now: Date,
  secret: string,
): CloudSession {
  const software = c.softwares.find((s) => s.slug === row.softwareSlug);
  const hardware = c.hardware.find((h) => h.slug === row.hardwareSlug);
  const plugins = row.pluginSlugs.map((slug) => {
    const p = c.plugins.find((x) => x.slug === slug);
    return { slug, title: p?.title ?? slug, pricing: p?.pricing ?? 0 };
  });
  const started = row.status === 'machine_started';
  const active = ['machine_booting', 'machine_started', 'machine_shutting_down'].includes(row.status);
  const status = active ? (row.status as CloudSession['machine_status']) : 'machine_shutting_down';
  return {
    cloud_access_db_id: row.id,
    cloud_assignment_db_id: row.id,
    cloud_resource_assignment_id: row.id,
    cloud_assignment_id: row.assignmentCode,
    cloud_configuration_db_id: configurationId(row.softwareSlug, row.hardwareSlug, row.pluginSlugs),
    machine_status: status,
    in_queue: false,
    duration: row.durationMinutes,
    current_time: now.toISOString(),
    waiting_time: row.status === 'machine_started' ? null : iso(row.waitingUntil),
    session_end_datetime: iso(row.endsAt),
    can_extend_session: started,
    is_adobe_license_required: software?.is_adobe_license_required ?? false,
    launch_token: started ? launchToken(secret, row.id, row.userId, now.getTime()).token : null,
    username: started ? row.username : null,
    password: started && row.passwordSealed ? box.open(row.passwordSealed) : null,
    ip_address: started ? row.ipAddress : null,
    host_name: row.hostName,
    project_db_id: row.projectId,
    task_db_id: row.taskId,
    team_db_id: row.teamId,
    cloud_system: {
      label: hardware?.title ?? row.hardwareSlug,
      icon: c.system_types.find((t) => t.slug === software?.system_type)?.icon ?? '',
      value: hardware?.configurations.processors ?? '',
    },
    configurations: {
      software: row.softwareSlug,
      title: software?.title ?? row.softwareSlug,
      pricing: row.pricePerHour,
    },
    plugins,
    hardware: {
      slug: row.hardwareSlug,
      title: hardware?.title ?? row.hardwareSlug,
      pricing: hardware?.pricing ?? 0,
    },
    charged: row.charged - row.refunded,
  };
}

/** The banner's view (spec 001 §3 requested cloud session). */
export function presentRequested(row: SessionRow): RequestedCloudSession {
  return {
    machine_status: row.status as RequestedCloudSession['machine_status'],
    waiting_time: row.status === 'machine_started' ? null : iso(row.waitingUntil),
    session_end_datetime: iso(row.endsAt),
    project_db_id: row.projectId,
    task_db_id: row.taskId,
    team_db_id: row.teamId,
    host_name: row.hostName,
  };
}

export function presentQueue(row: typeof cloudQueue.$inferSelect, position: number): CloudQueueEntry {
  return {
    cloud_resource_queue_id: row.id,
    cloud_queue_id: row.id,
    machine_status: row.status === 'offered' ? 'machine_available' : 'machine_inqueue',
    in_queue: true,
    position,
    confirm_before: iso(row.offeredUntil),
    cloud_configuration_db_id: row.configurationId,
    duration: row.durationMinutes,
    project_db_id: row.projectId,
  };
}
