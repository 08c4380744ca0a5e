import { IconFile, IconFolder, IconMusic, IconPhoto, IconVideo, type TablerIcon } from '@tabler/icons-react';
import type { FileType } from '@rushes/shared';

const ICONS: Record<FileType, TablerIcon> = {
  folder: IconFolder,
  image: IconPhoto,
  audio: IconMusic,
  video: IconVideo,
  other: IconFile,
};

const COLORS: Record<FileType, string> = {
  folder: 'var(--mantine-color-yellow-7)',
  image: 'var(--mantine-color-teal-7)',
  audio: 'var(--mantine-color-grape-7)',
  video: 'var(--mantine-color-blue-7)',
  other: 'var(--mantine-color-gray-7)',
};

/** The icon of a file_type (spec 000 §3: folder, image, audio, video, other). */
export function FileTypeIcon({ type, size = 18 }: { type: FileType; size?: number }) {
  const Icon = ICONS[type];
  return <Icon size={size} color={COLORS[type]} aria-hidden />;
}
