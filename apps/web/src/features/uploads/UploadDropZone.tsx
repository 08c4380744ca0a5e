import { Anchor, Box, Button, Center, Group, Stack, Text } from '@mantine/core';
import { IconCloudUpload, IconFolderPlus, IconFolderUp, IconUpload } from '@tabler/icons-react';
import { useRef, useState, type ReactNode } from 'react';
import { UI } from '@rushes/shared';
import type { UploadPicker } from './useUploadPicker.tsx';

const carriesFiles = (event: React.DragEvent) => [...event.dataTransfer.types].includes('Files');

/**
 * Over a file's row that takes a dropped file as its new version: the row says so, not
 * the folder's overlay. A drag event may target a text node: look from its element.
 */
function overVersionRow(event: React.DragEvent) {
  if (event.dataTransfer.items.length !== 1) return false; // several: an upload into the folder
  const node = event.target as Node;
  const element = node instanceof Element ? node : node.parentElement;
  return !!element?.closest('[data-version-drop="true"]');
}

/**
 * The asset area as a drop target: files and folders dropped anywhere on it are uploaded into the
 * open folder. While something is dragged over it, an outline says so.
 */
export function UploadDropZone({ picker, children }: { picker: UploadPicker | null; children: ReactNode }) {
  const [over, setOver] = useState(false);
  // dragenter/dragleave fire for every child: count them
  const depth = useRef(0);
  const [onRow, setOnRow] = useState(false);
  if (!picker) return <>{children}</>;
  return (
    <Box
      pos="relative"
      data-testid="upload-drop-zone"
      onDragEnter={(event) => {
        if (!carriesFiles(event)) return;
        depth.current += 1;
        setOver(true);
        setOnRow(overVersionRow(event));
      }}
      onDragLeave={() => {
        depth.current = Math.max(0, depth.current - 1);
        if (depth.current === 0) setOver(false);
      }}
      onDragOver={(event) => {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
        setOnRow(overVersionRow(event));
      }}
      onDrop={(event) => {
        event.preventDefault();
        depth.current = 0;
        setOver(false);
        picker.drop(event.dataTransfer);
      }}
      style={{ minHeight: 240 }}
    >
      {children}
      {over && !onRow && (
        <Center
          pos="absolute"
          inset={0}
          style={{
            border: '2px dashed var(--mantine-primary-color-filled)',
            borderRadius: 'var(--mantine-radius-md)',
            background: 'color-mix(in srgb, var(--mantine-color-body) 94%, transparent)',
            pointerEvents: 'none',
          }}
        >
          <Text fw={600}>{UI.dropToUpload}</Text>
        </Center>
      )}
    </Box>
  );
}

/** The upload empty state (spec 000 §2): browse or drag and drop; upload files, upload folder, create folder. */
export function UploadEmptyState({
  picker,
  onCreateFolder,
}: {
  picker: UploadPicker;
  onCreateFolder: () => void;
}) {
  return (
    <Stack
      align="center"
      gap="md"
      py={48}
      px="md"
      role="region"
      aria-label={UI.noAssets}
      style={{ border: '2px dashed var(--mantine-color-gray-4)', borderRadius: 'var(--mantine-radius-md)' }}
    >
      <IconCloudUpload size={48} stroke={1.4} color="var(--mantine-color-gray-6)" aria-hidden />
      <Text fw={600}>{UI.noAssets}</Text>
      <Text size="sm" c="dimmed">
        <Anchor component="button" type="button" size="sm" onClick={picker.chooseFiles}>
          {UI.browse}
        </Anchor>{' '}
        {UI.orDragAndDrop}
      </Text>
      <Group gap="sm" justify="center">
        <Button leftSection={<IconUpload size={16} />} onClick={picker.chooseFiles}>
          {UI.uploadFiles}
        </Button>
        <Button variant="light" leftSection={<IconFolderUp size={16} />} onClick={picker.chooseFolder}>
          {UI.uploadFolder}
        </Button>
        <Button variant="default" leftSection={<IconFolderPlus size={16} />} onClick={onCreateFolder}>
          {UI.createFolder}
        </Button>
      </Group>
    </Stack>
  );
}
