import { Anchor, Text, Tooltip } from '@mantine/core';
import { NAME_TOOLTIP_ABOVE } from '@rushes/shared';

/**
 * A name in a table (spec 002 §2, §9): cut to one line with a tooltip above NAME_TOOLTIP_ABOVE
 * characters; a link-like button when onOpen is given (admins), plain text otherwise.
 */
export function NameCell({ name, onOpen }: { name: string; onOpen?: () => void }) {
  const content = onOpen ? (
    <Anchor component="button" type="button" size="sm" fw={500} onClick={onOpen} maw={260} truncate="end">
      {name}
    </Anchor>
  ) : (
    <Text size="sm" fw={500} maw={260} truncate="end">
      {name}
    </Text>
  );
  if (name.length <= NAME_TOOLTIP_ABOVE) return content;
  return (
    <Tooltip label={name} position="top" multiline maw={320}>
      {content}
    </Tooltip>
  );
}
