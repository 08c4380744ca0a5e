import { Divider, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { MSG } from '@rushes/shared';

/** One titled list of people (members, invites) in a people panel: a section labelled by its title. */
export function PeopleSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Title order={3} size="h6" c="dimmed" tt="uppercase">
        {title}
      </Title>
      <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {children}
      </Stack>
    </Stack>
  );
}

/** What a section that may be empty lists when nobody is in it. */
export function NobodyRow() {
  return (
    <Text size="sm" c="dimmed" component="li">
      {MSG.noRecordFound}
    </Text>
  );
}

/**
 * The frame the team members and project collaborators panels share: the team or project name,
 * the add-people form above a divider (only for those who may add: pass none otherwise), then the
 * panel's sections and its confirm dialog as children.
 */
export function PeoplePanel({
  heading,
  addForm,
  children,
}: {
  heading: string;
  addForm?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Stack gap="lg">
      <Text fw={600} truncate="end">
        {heading}
      </Text>
      {addForm && (
        <>
          {addForm}
          <Divider />
        </>
      )}
      {children}
    </Stack>
  );
}
