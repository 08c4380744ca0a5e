import { Kbd, Modal, Table, Text } from '@mantine/core';
import { PLAYER_TEXT } from '@rushes/shared';

/**
 * The keyboard map (? or the button). Inside the player area when it is fullscreen: an overlay on
 * the page's body would not show there.
 */
export function KeyboardHelp({
  opened,
  onClose,
  target,
}: {
  opened: boolean;
  onClose: () => void;
  target: HTMLElement | null;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={PLAYER_TEXT.keyboardHelpTitle}
      closeButtonProps={{ 'aria-label': PLAYER_TEXT.close }}
      portalProps={target ? { target } : undefined}
      centered
    >
      <Table verticalSpacing={6} aria-label={PLAYER_TEXT.keyboardHelpTitle}>
        <Table.Tbody>
          {PLAYER_TEXT.keys.map((k) => (
            <Table.Tr key={k.keys}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {k.keys.split(' / ').map((key, i) => (
                  <span key={key}>
                    {i > 0 && ' / '}
                    <Kbd>{key}</Kbd>
                  </span>
                ))}
              </Table.Td>
              <Table.Td>
                <Text size="sm">{k.what}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Modal>
  );
}
