/**
 * The cloud admin page's provider health (decided): what an operator reads to know why availability
 * is refused, apart from CLOUD_TEXT so the shell's cloud banner does not load it.
 */
export const CLOUD_HEALTH_TEXT = {
  title: 'Provider health',
  provider: 'Provider',
  inUse: 'In use for new sessions',
  ok: 'OK',
  refused: 'Availability refused',
  programs: 'Programs on this server',
  missing: 'missing',
  capacity: 'Machines per hardware',
  sessionsRunning: 'Sessions running',
  session: 'Session',
  status: 'Status',
  agentPhase: 'Agent phase',
  lastHeartbeat: 'Last heartbeat',
  noHeartbeat: 'none yet',
  agentLost: 'Agent lost',
  noSessions: 'No session is running',
  softwares: 'Software',
  plugins: 'Plugins',
  runs: 'Runs here',
  cannotRun: 'Cannot run here',
} as const;

/** Why a catalogue entry cannot run on a provider (the health table's reason column). */
export const CLOUD_NOT_RUNNABLE = {
  noLaunch: 'no launch command in the catalogue',
  noSoftware: 'none of its softwares runs here',
  noWorkstation: 'no workstation is registered',
  notReported: 'no workstation’s agent reported it',
  notInstalled: (check: string) => `${check} is not installed`,
} as const;

/** How long ago a heartbeat was, for the health table: '12 s ago', '4 min ago', '2 h ago'. */
export function formatAgo(then: Date | string, now: number = Date.now()) {
  const s = Math.max(0, Math.round((now - new Date(then).getTime()) / 1000));
  if (s < 60) return `${s} s ago`;
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  return `${Math.floor(s / 3600)} h ago`;
}
