import type { PresentMembers } from './MemberPicker.tsx';
import type { MembersDetail } from './api.ts';

/** Everyone already in a team (owners, members, pending invites), for the member picker. */
export function presentMembersOf(detail: Partial<MembersDetail> | undefined | null): PresentMembers {
  const people = [...(detail?.owners ?? []), ...(detail?.members ?? [])];
  return {
    userIds: new Set(people.map((p) => p.user_db_id)),
    emails: new Set(
      [...people.map((p) => p.email), ...(detail?.invited_users ?? [])].map((e) => e.toLowerCase()),
    ),
  };
}
