import { API, API_TYPE, API_VERSION } from '@rushes/shared';
import type { LoadWorld } from './seed.ts';
import type { DriverResult } from './report.ts';

/**
 * The chat check after a run: every project's stored chat read back through the API (as one of its
 * members, through the proxy), compared with what each simulated user knew.
 *
 * - lost: a stored message sent (its text's instant) after a user joined the room that the user never
 *   got, live or in a refetch after a reconnect.
 * - missed live: of those the user did get, how many came only from the refetch (the socket was
 *   between nodes when it was sent): not a loss, it is what the web app does, but it shows the gap.
 * - duplicated: the same message id delivered live twice to one user, or one sent text stored twice.
 * - unconfirmed: sends the user saw fail; stored or not, they are counted (an error is an error).
 */
export interface ChatCheck {
  projects: number;
  stored: number;
  expectedDeliveries: number;
  lost: number;
  missedLive: number;
  duplicatedLive: number;
  storedTwice: number;
  sentOk: number;
  sentOkNotStored: number;
  sentFailed: number;
  sentFailedButStored: number;
  disconnectedAtEnd: number;
}

type History = {
  next_before: string | null;
  messages: { messages: { messages: { id: string; text: string }[] }[] }[];
};

async function call<T>(
  base: string,
  method: string,
  p: string,
  payload: Record<string, unknown>,
  cookie = '',
) {
  // The checker's own client address (the login route is limited per address).
  const headers: Record<string, string> = {
    'API-Type': API_TYPE,
    'API-Version': API_VERSION,
    cookie,
    'x-forwarded-for': `10.250.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  };
  let url = base + p;
  let body: string | undefined;
  if (method === 'GET') url += `?${new URLSearchParams(payload as Record<string, string>)}`;
  else {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(payload);
  }
  const res = await fetch(url, { method, headers, body });
  const json = (await res.json()) as { response: boolean; data: T; errormessage?: string };
  if (!json.response) throw new Error(`${method} ${p}: ${res.status} ${json.errormessage}`);
  return {
    data: json.data,
    cookie: res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; '),
  };
}

export async function checkChat(base: string, world: LoadWorld, result: DriverResult): Promise<ChatCheck> {
  const check: ChatCheck = {
    projects: 0,
    stored: 0,
    expectedDeliveries: 0,
    lost: 0,
    missedLive: 0,
    duplicatedLive: 0,
    storedTwice: 0,
    sentOk: 0,
    sentOkNotStored: 0,
    sentFailed: 0,
    sentFailedButStored: 0,
    disconnectedAtEnd: 0,
  };
  const byProject = new Map<string, DriverResult['users']>();
  for (const u of result.users) byProject.set(u.projectId, [...(byProject.get(u.projectId) ?? []), u]);
  for (const [projectId, users] of byProject) {
    check.projects++;
    const member = world.users.find((u) => u.projectId === projectId)!;
    const { cookie } = await call(base, 'POST', API.auth.login, {
      email: member.email,
      password: member.password,
    });
    const stored = new Map<string, number>(); // id → send instant
    const texts = new Map<string, number>();
    let before: string | null = null;
    do {
      const page: { data: History } = await call<History>(
        base,
        'GET',
        API.chat.root,
        {
          team_db_id: member.teamId,
          project_db_id: projectId,
          entries_per_page: 100,
          ...(before ? { before } : {}),
        },
        cookie,
      );
      for (const day of page.data.messages)
        for (const group of day.messages)
          for (const m of group.messages) {
            const at = /^load \d+\.\d+ @(\d+(?:\.\d+)?)$/.exec(m.text);
            if (!at) continue;
            stored.set(m.id, Number(at[1]));
            texts.set(m.text, (texts.get(m.text) ?? 0) + 1);
          }
      before = page.data.next_before;
    } while (before);
    check.stored += stored.size;
    for (const n of texts.values()) if (n > 1) check.storedTwice += n - 1;
    for (const u of users) {
      const known = new Set(u.known);
      const live = new Set(u.liveIds);
      check.duplicatedLive += u.duplicates;
      if (!u.connected) check.disconnectedAtEnd++;
      for (const [id, sentAt] of stored) {
        if (!u.joinedAt || sentAt <= u.joinedAt) continue;
        check.expectedDeliveries++;
        if (!known.has(id)) check.lost++;
        else if (!live.has(id)) check.missedLive++;
      }
      for (const s of u.sent) {
        const n = texts.get(s.text) ?? 0;
        if (s.ok) {
          check.sentOk++;
          if (!n) check.sentOkNotStored++;
        } else {
          check.sentFailed++;
          if (n) check.sentFailedButStored++;
        }
      }
    }
  }
  return check;
}
