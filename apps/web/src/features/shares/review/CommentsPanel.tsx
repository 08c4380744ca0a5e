import { Badge, Button, Group, Paper, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { useState } from 'react';
import { COMMENT_TEXT_MAX, GUEST_NAME_MAX, PLAYER_TEXT, UI, type AssetComment } from '@rushes/shared';

type Base = Omit<AssetComment, 'replies'>;

function Author({ c }: { c: Base }) {
  return (
    <Group gap={6}>
      <Text size="sm" fw={600}>
        {c.author.name}
      </Text>
      {c.author.is_guest && (
        <Badge size="xs" variant="light" color="grape" tt="none">
          {UI.guestBadge}
        </Badge>
      )}
    </Group>
  );
}

/** One top comment: timecode (seeks), author, text, replies, reply box, resolve/reopen. */
function CommentCard({
  c,
  onSeek,
  onReply,
  onResolve,
  selected,
}: {
  c: AssetComment;
  onSeek: (c: AssetComment) => void;
  onReply: (c: AssetComment, text: string) => Promise<unknown>;
  onResolve?: (c: AssetComment, resolved: boolean) => void;
  selected: boolean;
}) {
  const [reply, setReply] = useState('');
  const [open, setOpen] = useState(false);
  const seekable = (c.timecode ?? c.page) !== null;
  // The text seeks as its chip does, unless the click ends a text selection or lands on a control.
  const seekFromText = (event: React.MouseEvent) => {
    if (!seekable || (event.target as Element).closest('a, button, input, textarea')) return;
    if (window.getSelection()?.toString()) return;
    onSeek(c);
  };
  return (
    <Paper
      withBorder
      p="xs"
      radius="sm"
      component="article"
      aria-label={c.text}
      bg={selected ? 'blue.0' : undefined}
    >
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Group gap={6}>
            {seekable && (
              <Badge
                component="button"
                variant="light"
                ff={c.timecode ? 'monospace' : undefined}
                tt="none"
                leftSection={c.x !== null ? <IconMapPin size={12} /> : undefined}
                style={{ cursor: 'pointer' }}
                onClick={() => onSeek(c)}
              >
                {c.timecode && c.timecode_out
                  ? PLAYER_TEXT.rangeOf(c.timecode, c.timecode_out)
                  : (c.timecode ?? UI.pageLabel(c.page!))}
              </Badge>
            )}
            <Author c={c} />
          </Group>
          {c.resolved && (
            <Badge size="sm" color="teal" variant="light">
              {UI.resolvedBadge}
            </Badge>
          )}
        </Group>
        <Text
          size="sm"
          style={{
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
            cursor: seekable ? 'pointer' : undefined,
          }}
          onClick={seekFromText}
        >
          {c.text}
        </Text>
        {c.replies.map((r) => (
          <Stack key={r._id} gap={0} pl="md" style={{ borderLeft: '2px solid var(--mantine-color-gray-3)' }}>
            <Author c={r} />
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {r.text}
            </Text>
          </Stack>
        ))}
        <Group gap="xs">
          <Button size="compact-xs" variant="subtle" onClick={() => setOpen((o) => !o)}>
            {UI.reply}
          </Button>
          {onResolve && (
            <Button
              size="compact-xs"
              variant="subtle"
              color={c.resolved ? 'gray' : 'teal'}
              onClick={() => onResolve(c, !c.resolved)}
            >
              {c.resolved ? UI.reopen : UI.resolve}
            </Button>
          )}
        </Group>
        {open && (
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <Textarea
              aria-label={UI.replyTo(c.author.name)}
              autosize
              minRows={1}
              maxLength={COMMENT_TEXT_MAX}
              value={reply}
              onChange={(e) => setReply(e.currentTarget.value)}
              style={{ flex: 1 }}
            />
            <Button
              size="xs"
              disabled={!reply.trim()}
              onClick={() =>
                void onReply(c, reply.trim()).then(() => {
                  setReply('');
                  setOpen(false);
                })
              }
            >
              {UI.reply}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * The comments beside the player or picture: the composer (a guest types a name)
 * and the list in timeline order.
 */
export function CommentsPanel({
  comments,
  total,
  submitLabel,
  hint,
  guest,
  drawingCount,
  selectedId,
  onAdd,
  onReply,
  onResolve,
  onSeek,
}: {
  comments: readonly AssetComment[];
  total: number;
  /** the composer's button: 'Comment at <timecode>', 'Comment on this point', 'Comment' */
  submitLabel: string;
  /** a line under the composer (how to pin a comment on a picture) */
  hint?: string;
  guest: boolean;
  drawingCount: number;
  selectedId: string | null;
  onAdd: (text: string, guestName: string | undefined) => Promise<unknown>;
  onReply: (c: AssetComment, text: string, guestName: string | undefined) => Promise<unknown>;
  onResolve?: (c: AssetComment, resolved: boolean) => void;
  onSeek: (c: AssetComment) => void;
}) {
  const [text, setText] = useState('');
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const canSend = text.trim() && (!guest || name.trim());
  return (
    <Stack gap="sm" role="region" aria-label={UI.comments}>
      <Text fw={600}>
        {UI.comments} ({total})
      </Text>
      {guest && (
        <TextInput
          label={UI.yourName}
          maxLength={GUEST_NAME_MAX}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
        />
      )}
      <Textarea
        label={UI.addComment}
        autosize
        minRows={2}
        maxLength={COMMENT_TEXT_MAX}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
      />
      <Group gap="xs">
        <Button
          size="xs"
          disabled={!canSend}
          loading={busy}
          onClick={() => {
            setBusy(true);
            void onAdd(text.trim(), guest ? name.trim() : undefined)
              .then(() => setText(''))
              .finally(() => setBusy(false));
          }}
        >
          {submitLabel}
        </Button>
        {drawingCount > 0 && (
          <Badge variant="light" color="red">
            {UI.drawingOnFrame}
          </Badge>
        )}
      </Group>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
      {comments.length === 0 && (
        <Text size="sm" c="dimmed">
          {UI.noComments}
        </Text>
      )}
      <Stack gap="xs">
        {comments.map((c) => (
          <CommentCard
            key={c._id}
            c={c}
            selected={c._id === selectedId}
            onSeek={onSeek}
            onReply={(x, t) => onReply(x, t, guest ? name.trim() || undefined : undefined)}
            onResolve={onResolve}
          />
        ))}
      </Stack>
    </Stack>
  );
}
