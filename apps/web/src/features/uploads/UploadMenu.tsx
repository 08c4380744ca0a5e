import { ActionIcon, Indicator } from '@mantine/core';
import { IconCloudUpload } from '@tabler/icons-react';
import { UI } from '@rushes/shared';
import { UPLOAD_DOCK_ID, uploadDock, useUploadDockOpen } from './uploadDock.ts';
import { isUnfinished, useUploadItems } from './uploadItems.ts';

/**
 * The top-bar upload status menu button (spec 002 §2): the count of unfinished uploads; it opens
 * and closes the upload dock (UploadDock, laid out by the shell); Escape on it closes the dock.
 */
export function UploadMenu() {
  const items = useUploadItems();
  const open = useUploadDockOpen();
  const active = items.filter(isUnfinished).length;
  return (
    <Indicator label={active} size={16} disabled={active === 0} offset={4}>
      <ActionIcon
        variant={open ? 'light' : 'subtle'}
        color="gray"
        size="lg"
        aria-label={UI.uploadsMenu}
        aria-expanded={open}
        aria-controls={open ? UPLOAD_DOCK_ID : undefined}
        onClick={uploadDock.toggle}
        onKeyDown={(event) => {
          if (event.key === 'Escape') uploadDock.close();
        }}
      >
        <IconCloudUpload size={22} />
      </ActionIcon>
    </Indicator>
  );
}
