/**
 * How a person is named wherever the product shows them (cards, member lists, chat, notifications,
 * mails): first and last name joined by one space, trimmed. A missing part (a left join that found
 * nobody) counts as empty, so nobody is ever shown as 'null'.
 */
export function displayName(
  firstName: string | null | undefined,
  lastName: string | null | undefined,
): string {
  return `${firstName ?? ''} ${lastName ?? ''}`.trim();
}

/** Two letters for a badge: the first letters of first and last name, else the name's first two. */
export function initialsOfNames(firstName: string, lastName: string, name: string): string {
  return ((firstName[0] ?? '') + (lastName[0] ?? '') || name.slice(0, 2)).toUpperCase();
}

/** Two initials of a display name (first letters of its first two words; '?' for an empty name). */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? words[0][0] + words[1][0] : (words[0] ?? '?').slice(0, 2);
  return letters.toUpperCase();
}
