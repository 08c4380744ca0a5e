import { Button, Group, Modal, ScrollArea, Table, Text } from '@mantine/core';
import { MSG, UI } from '@rushes/shared';
import type { RefusedFile } from './pickFiles.ts';

interface UnsupportedFilesModalProps {
  refused: readonly RefusedFile[];
  /** how many of the picked files can go up */
  acceptedCount: number;
  onProceed: () => void;
  onCancel: () => void;
}

const pathOf = (f: RefusedFile) =>
  f.folderPath === '/' ? f.file.name : `${f.folderPath.slice(1)}/${f.file.name}`;

/**
 * The unsupported-files warning (spec 000 §2, §4): restricted formats and names with special
 * characters are listed; the user skips them and proceeds with the rest, or cancels the whole pick.
 */
export function UnsupportedFilesModal({
  refused,
  acceptedCount,
  onProceed,
  onCancel,
}: UnsupportedFilesModalProps) {
  return (
    <Modal
      opened={refused.length > 0}
      onClose={onCancel}
      title={MSG.unsupportedFilesTitle}
      centered
      size="lg"
    >
      <Text size="sm" mb="sm">
        {MSG.unsupportedFilesMessage}
      </Text>
      <ScrollArea.Autosize mah="20rem" type="auto">
        <Table aria-label={MSG.unsupportedFilesTitle} verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{UI.unsupportedFileName}</Table.Th>
              <Table.Th>{UI.unsupportedReason}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {refused.map((f) => (
              <Table.Tr key={`${f.folderPath}/${f.file.name}`}>
                <Table.Td style={{ wordBreak: 'break-all' }}>{pathOf(f)}</Table.Td>
                <Table.Td>
                  <Text size="sm" c="red">
                    {f.reason === 'restricted_extension' ? MSG.unsupportedFormat : UI.specialCharactersInName}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
      <Group justify="flex-end" gap="sm" mt="md">
        <Button variant="default" onClick={onCancel}>
          {UI.cancel}
        </Button>
        <Button onClick={onProceed} disabled={acceptedCount === 0}>
          {MSG.skipAndProceed}
        </Button>
      </Group>
    </Modal>
  );
}
