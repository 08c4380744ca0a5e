import {
  Box,
  CloseButton,
  Container,
  Group,
  NavLink,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { UI, SHELL_UI } from '@rushes/shared';
import { searchGuide } from './content.ts';
import { GUIDE_MARKDOWN, Markdown } from '../../ui/Markdown.tsx';
import classes from './UserGuidePage.module.css';

/**
 * /user-guide (spec 002 §2): the guide to Rushes, written as Markdown files in the repository
 * (content/*.md), with a table of contents and a search that keeps the sections holding every word.
 * A #section in the address scrolls to it (panels' help links).
 */
export default function UserGuidePage() {
  const [query, setQuery] = useState('');
  const { hash } = useLocation();
  const sections = useMemo(() => searchGuide(query), [query]);

  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    if (id) document.getElementById(id)?.scrollIntoView({ block: 'start' });
  }, [hash]);

  return (
    <Container size="lg" py="lg">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Title order={1} size="h2">
            {UI.userGuide}
          </Title>
          <TextInput
            className={classes.search}
            placeholder={SHELL_UI.guideSearch}
            aria-label={SHELL_UI.guideSearch}
            leftSection={<IconSearch size={16} />}
            value={query}
            onChange={(e) => setQuery(e.currentTarget.value)}
            rightSection={
              query ? (
                <CloseButton size="sm" aria-label={SHELL_UI.guideClear} onClick={() => setQuery('')} />
              ) : null
            }
          />
        </Group>
        {query && (
          <Text size="sm" c="dimmed" role="status">
            {sections.length ? SHELL_UI.guideMatches(sections.length) : SHELL_UI.guideNoMatch}
          </Text>
        )}
        <div className={classes.layout}>
          <nav aria-label={SHELL_UI.guideContents} className={classes.toc}>
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" mb={4}>
              {SHELL_UI.guideContents}
            </Text>
            {sections.map((s) => (
              <NavLink key={s.id} href={`#${s.id}`} label={s.title} py={4} active={hash === `#${s.id}`} />
            ))}
          </nav>
          <Box className={classes.content}>
            {sections.map((s) => (
              <Paper
                key={s.id}
                component="section"
                aria-labelledby={s.id}
                withBorder
                p="md"
                mb="md"
                radius="md"
              >
                <Markdown source={s.source} preset={GUIDE_MARKDOWN} anchorId={s.id} />
              </Paper>
            ))}
          </Box>
        </div>
      </Stack>
    </Container>
  );
}
