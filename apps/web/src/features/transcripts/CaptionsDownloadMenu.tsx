import { Button, Menu } from '@mantine/core';
import { IconBadgeCc } from '@tabler/icons-react';
import { CAPTION_FORMATS, TRANSCRIPT_TEXT } from '@rushes/shared';
import { captionsUrl, type CaptionsSource } from './api.ts';

/**
 * The captions as a file (SRT or VTT): a plain link each, so the browser downloads the attachment.
 * The review page shows it only when the link allows downloads (the server checks it too).
 */
export function CaptionsDownloadMenu({ source }: { source: CaptionsSource }) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" leftSection={<IconBadgeCc size={16} />}>
          {TRANSCRIPT_TEXT.captions}
        </Button>
      </Menu.Target>
      <Menu.Dropdown aria-label={TRANSCRIPT_TEXT.captions}>
        {CAPTION_FORMATS.map((f) => (
          <Menu.Item key={f} component="a" href={captionsUrl(source, f, true)} download>
            {f === 'srt' ? TRANSCRIPT_TEXT.downloadSrt : TRANSCRIPT_TEXT.downloadVtt}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
