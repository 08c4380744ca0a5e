import { Anchor, Box, Group, Loader, Paper, Text } from '@mantine/core';
import { Link } from 'react-router';
import { AI_TEXT, type AiSource } from '@rushes/shared';
import { playerPath } from '../player/openInPlayer.ts';
import { PROJECT_SECTIONS, projectPath, projectSectionPath } from '../projects/paths.ts';
import { clipTime } from '../transcripts/transcriptLogic.ts';
import { ANSWER_MARKDOWN, Markdown } from '../../ui/Markdown.tsx';

/** A turn as the panel shows it: stored, or live (being asked, streaming). */
export interface ShownTurn {
  key: string;
  /** the stored turn's id, once known */
  id?: string;
  role: 'user' | 'system';
  text: string;
  state: 'pending' | 'streaming' | 'done' | 'error' | 'stopped';
  sources: AiSource[];
}

/**
 * /project/{id}?task={task}: the project page opens that task's panel (spec 000 §2; the same address
 * as tasks/useTaskParam.ts's taskPath, written here so this file needs nothing of the panel host).
 */
const taskPath = (projectDbId: string, taskDbId: string) =>
  `${projectPath(projectDbId)}?${new URLSearchParams({ task: taskDbId })}`;

/**
 * The link to an item an answer used: tasks open their panel, files the player (at the moment a
 * transcript line starts, for spoken words), folders the folder.
 */
function SourceLink({ source, openBrief }: { source: AiSource; openBrief: () => void }) {
  const named = source.title ? `${AI_TEXT.kind[source.kind]}: ${source.title}` : AI_TEXT.kind[source.kind];
  // a moment in a clip (a transcript line): its time beside the name, the player opens there
  const label = source.start_ms === undefined ? named : `${named} (${clipTime(source.start_ms)})`;
  const to =
    source.kind === 'task'
      ? taskPath(source.project_db_id, source.id)
      : source.kind === 'asset'
        ? source.is_folder
          ? projectPath(source.project_db_id, source.id)
          : source.start_ms === undefined
            ? playerPath(source.id)
            : `${playerPath(source.id)}?${new URLSearchParams({ t: String(source.start_ms) })}`
        : source.kind === 'chat'
          ? projectSectionPath(source.project_db_id, PROJECT_SECTIONS.projectChat)
          : null;
  if (to === null)
    return (
      <Anchor component="button" type="button" size="xs" onClick={openBrief}>
        {label}
      </Anchor>
    );
  return (
    <Anchor component={Link} to={to} size="xs">
      {label}
    </Anchor>
  );
}

/** One turn: the question on the right, the answer (Markdown, no HTML) with the items it used. */
export function Turn({ turn, openBrief }: { turn: ShownTurn; openBrief: () => void }) {
  if (turn.role === 'user')
    return (
      <Group justify="flex-end" data-role="user">
        <Paper bg="blue.0" px="sm" py={6} radius="md" maw="85%">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {turn.text}
          </Text>
        </Paper>
      </Group>
    );
  return (
    <Box data-role="assistant" data-state={turn.state} maw="95%">
      {turn.state === 'pending' && (
        <Group gap={6}>
          <Loader size="xs" type="dots" />
          <Text size="sm" c="dimmed">
            {AI_TEXT.generating}
          </Text>
        </Group>
      )}
      {turn.state === 'error' && (
        <Text size="sm" c="red" role="alert">
          {turn.text}
        </Text>
      )}
      {(turn.state === 'streaming' || turn.state === 'done' || turn.state === 'stopped') && (
        <Markdown source={turn.text} preset={ANSWER_MARKDOWN} />
      )}
      {turn.state === 'stopped' && (
        <Text size="xs" c="dimmed">
          {AI_TEXT.stopped}
        </Text>
      )}
      {turn.state === 'done' && turn.sources.length > 0 && (
        <Group gap={8} mt={2} aria-label={AI_TEXT.usedItems} role="list">
          <Text size="xs" c="dimmed">
            {AI_TEXT.usedItems}
          </Text>
          {turn.sources.map((s) => (
            <Box key={`${s.kind}:${s.id}:${s.start_ms ?? ''}`} role="listitem">
              <SourceLink source={s} openBrief={openBrief} />
            </Box>
          ))}
        </Group>
      )}
    </Box>
  );
}
