import { Button, Menu } from '@mantine/core';
import {
  IconBrandApple,
  IconFileSpreadsheet,
  IconFileTypePdf,
  IconMovie,
  IconPalette,
  IconDownload,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { API, MARKER_FORMATS, MARKER_TEXT, type MarkerFormat } from '@rushes/shared';

const ICONS: Record<MarkerFormat, ReactNode> = {
  premiere: <IconMovie size={16} />,
  resolve_edl: <IconPalette size={16} />,
  resolve_csv: <IconPalette size={16} />,
  fcpxml: <IconBrandApple size={16} />,
  csv: <IconFileSpreadsheet size={16} />,
  pdf: <IconFileTypePdf size={16} />,
};

/** The download address of one export (a plain GET: the browser saves the attachment). */
export function markerExportUrl(
  target: { ingestDbId: string } | { projectDbId: string },
  format: MarkerFormat,
) {
  const q = new URLSearchParams(
    'ingestDbId' in target ? { ingest_db_id: target.ingestDbId } : { project_db_id: target.projectDbId },
  );
  q.set('format', format);
  return `${API.shares.markers}?${q.toString()}`;
}

/**
 * "Export comments": an asset's (the player) or the whole project's comments (the project page) as
 * markers for Premiere Pro, DaVinci Resolve or Final Cut Pro, a spreadsheet or a PDF report. Each
 * item is a link to the file, so the browser downloads it the usual way.
 */
export function MarkerExportMenu(props: { ingestDbId: string } | { projectDbId: string }) {
  const label = 'ingestDbId' in props ? MARKER_TEXT.menu : MARKER_TEXT.menuProject;
  return (
    <Menu position="bottom-end" shadow="md" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          size={'ingestDbId' in props ? 'xs' : 'sm'}
          leftSection={<IconDownload size={16} />}
        >
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown aria-label={label}>
        {MARKER_FORMATS.map((format) => (
          <Menu.Item
            key={format}
            component="a"
            href={markerExportUrl(props, format)}
            download
            leftSection={ICONS[format]}
          >
            {MARKER_TEXT.formats[format]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
