import { IconCopy } from '@tabler/icons-react';
import { SHELL_UI } from '@rushes/shared';
import type { ContextMenuItem } from '../../ui/ContextMenu.tsx';
import { copyText } from '../../ui/copyText.ts';
import { toast } from '../../ui/toast.ts';

/** What a chat message's right-click menu offers (project and task chats alike). */
export function messageMenuItems(text: string): ContextMenuItem[] {
  return [
    {
      id: 'copy',
      label: SHELL_UI.copyMessage,
      icon: IconCopy,
      run: () => {
        copyText(text).then(
          () => toast.success(SHELL_UI.messageCopied),
          () => undefined,
        );
      },
    },
  ];
}
