import { useEffect } from 'react';
import { useSelectedTeam } from '../../api/currentUser.ts';
import { useIdle } from '../../ui/whenIdle.ts';
import { useTeamShellSettings } from '../../features/shell/api.ts';

/** Text fields keep the browser's own menu (spell check, paste). */
export function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  const field = target.closest('input, textarea, [contenteditable=""], [contenteditable="true"]');
  if (!field) return false;
  if (field instanceof HTMLInputElement) {
    return !['checkbox', 'radio', 'button', 'submit', 'reset', 'file', 'range', 'color'].includes(field.type);
  }
  return true;
}

/**
 * Spec 002 §2 Other, as decided in docs/decisions/0027-app-shell-and-user-guide.md ("App shell completeness"): in the shell
 * the browser's right-click menu gives way to the product's own menus (assets, folders, tasks, chat
 * messages open theirs), except inside text fields, which keep the browser's. The F12 key is blocked
 * only when the selected team turned it on (an opt-in for kiosk screens; it protects nothing).
 */
export function useBlockDevTools(): void {
  const { team } = useSelectedTeam();
  // asked once the page has painted: an opt-in for kiosk screens, not a protection
  const idle = useIdle();
  const blockF12 =
    useTeamShellSettings(idle ? (team?.team_db_id ?? null) : null).data?.block_dev_tools ?? false;

  useEffect(() => {
    const onContextMenu = (event: MouseEvent) => {
      if (!isEditable(event.target)) event.preventDefault();
    };
    document.addEventListener('contextmenu', onContextMenu);
    return () => document.removeEventListener('contextmenu', onContextMenu);
  }, []);

  useEffect(() => {
    if (!blockF12) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'F12') event.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [blockF12]);
}
