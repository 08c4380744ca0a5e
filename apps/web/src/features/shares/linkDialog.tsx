import { Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { UI, type ShareAnswer } from '@rushes/shared';
import { CopyIconButton } from '../../ui/CopyIconButton.tsx';

/**
 * The review links of a share, shown once right after sharing (the server keeps only their hashes,
 * so this is the one moment the sharer can copy them). The share panel closes on success (spec 002
 * §4), so the dialog lives outside it.
 */
export type Shown = { title: string; url: string }[];
let shown: Shown = [];
const listeners = new Set<() => void>();
const set = (next: Shown) => {
  shown = next;
  for (const l of listeners) l();
};
export const showShareLinks = (links: Shown) => set(links);
/** A share's links with the titles of the assets they open. */
export const linksOf = (assets: { ingest_db_id: string; title: string }[], answer: ShareAnswer): Shown =>
  answer.links.map((l) => ({
    title: assets.find((a) => a.ingest_db_id === l.ingest_db_id)?.title ?? '',
    url: l.url,
  }));

/**
 * Writes text that is still on its way (a link the server is making) to the clipboard. The write
 * starts now, within the click: Safari refuses one that starts after an await. Rejects when the
 * clipboard is refused or the text never comes.
 */
export async function writeClipboard(text: Promise<string>): Promise<void> {
  if (!navigator.clipboard) throw new Error('no clipboard');
  if (typeof ClipboardItem !== 'undefined' && navigator.clipboard.write) {
    const blob = text.then((t) => new Blob([t], { type: 'text/plain' }));
    await navigator.clipboard.write([new ClipboardItem({ 'text/plain': blob })]);
  } else await navigator.clipboard.writeText(await text);
}

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
      <ShareLinks links={links} />
    </Modal>
  );
}

/** Review links to copy, with what they give (the dialog's content; a share from a task shows it in its panel). */
export function ShareLinks({ links }: { links: Shown }) {
  return (
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
  );
}
