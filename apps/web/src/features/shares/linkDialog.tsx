import { Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { UI } from '@rushes/shared';
import { CopyIconButton } from '../../ui/CopyIconButton.tsx';

/**
 * The review links of a share, shown once right after sharing (the server keeps only their hashes,
 * so this is the one moment the sharer can copy them). The share panel closes on success (spec 002
 * §4), so the dialog lives outside it.
 */
type Shown = { title: string; url: string }[];
let shown: Shown = [];
const listeners = new Set<() => void>();
const set = (next: Shown) => {
  shown = next;
  for (const l of listeners) l();
};
export const showShareLinks = (links: Shown) => set(links);

export function ShareLinkDialog() {
  const links = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => shown,
  );
  return (
    <Modal opened={links.length > 0} onClose={() => set([])} title={UI.reviewLink} size="lg">
      <Stack gap="sm">
        <Text size="sm">{UI.shareLinkDialogText}</Text>
        {links.map((l) => {
          const absolute = new URL(l.url, window.location.origin).toString();
          return (
            <Group key={l.url} gap="xs" wrap="nowrap">
              <TextInput
                aria-label={`${UI.reviewLink} ${l.title}`}
                value={absolute}
                readOnly
                style={{ flex: 1 }}
                onFocus={(e) => e.currentTarget.select()}
              />
              <CopyIconButton value={absolute} label={UI.copyLink} />
            </Group>
          );
        })}
      </Stack>
    </Modal>
  );
}
