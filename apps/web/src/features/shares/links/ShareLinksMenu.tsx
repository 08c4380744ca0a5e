import { Button, Menu } from '@mantine/core';
import { IconFolderShare, IconLink } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { SHARE_LINKS_TEXT as T, type ProjectInfo } from '@rushes/shared';
import { usePanels } from '../../../app/panels/PanelContext.ts';
import { useAssetPages } from '../../assets/api.ts';
import { canIn } from '../../projects/api.ts';
import { shareLinksPath } from './paths.ts';

/**
 * The project page's way to its Share Links page and, inside a folder, to share that folder as one
 * link: for members who may share (spec 002 §6 codes).
 */
export function ShareLinksMenu({ info, folderDbId }: { info: ProjectInfo; folderDbId: string | null }) {
  const navigate = useNavigate();
  const panels = usePanels();
  const list = useAssetPages(info.project_db_id, folderDbId, '');
  const folder = list.data?.pages[0]?.breadcrumbs.at(-1);
  const mayShare =
    canIn(info, 'can_share_to_download_rushesio_assets') || canIn(info, 'can_share_to_download_all_assets');
  if (!mayShare) return null;
  return (
    <Menu position="bottom-end" shadow="md">
      <Menu.Target>
        <Button variant="default" leftSection={<IconLink size={16} />}>
          {T.openPage}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          leftSection={<IconLink size={16} />}
          onClick={() => void navigate(shareLinksPath(info.project_db_id))}
        >
          {T.pageTitle}
        </Menu.Item>
        {folderDbId && folder && (
          <Menu.Item
            leftSection={<IconFolderShare size={16} />}
            onClick={() =>
              panels.open('shareAsset', {
                projectDbId: info.project_db_id,
                assets: [],
                folder: { ingest_db_id: folderDbId, title: folder.title },
              })
            }
          >
            {T.shareFolder}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
