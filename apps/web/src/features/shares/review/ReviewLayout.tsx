import { Button, Grid, Group, SegmentedControl, Stack, Tabs } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { TRANSCRIPT_TEXT, UI, type AssetComment, type Drawing } from '@rushes/shared';
import { showApiError } from '../../../app/apiErrors.ts';
import { CommentsPanel } from './CommentsPanel.tsx';
import type { Tool } from './DrawingLayer.tsx';
import { useComments, type CommentPost, type CommentsSource } from './useComments.ts';

/**
 * What both review workspaces (a video or audio file, a picture) keep: the comments of the asset, the
 * drawing being made (on or off, its tool, its shapes) and the comment selected.
 */
export function useReview(source: CommentsSource) {
  const { query, post, resolve } = useComments(source);
  const [drawing, setDrawing] = useState(false);
  const [tool, setTool] = useState<Tool>('freehand');
  const [draft, setDraft] = useState<Drawing['shapes']>([]);
  const [selected, setSelected] = useState<AssetComment | null>(null);
  return {
    query,
    post,
    resolve,
    comments: query.data?.data ?? [],
    guest: source.kind === 'link' && source.guest,
    drawing,
    setDrawing,
    tool,
    setTool,
    draft,
    setDraft,
    selected,
    setSelected,
  };
}
export type Review = ReturnType<typeof useReview>;

/** 'Draw' and, while drawing, the tool choice and 'Clear'. */
function DrawTools({
  review,
  disabled,
  hidden,
  onToggle,
}: {
  review: Review;
  disabled?: boolean;
  hidden?: boolean;
  onToggle: () => void;
}) {
  const { drawing, tool, setTool, setDraft } = review;
  return (
    <Group gap="xs" display={hidden ? 'none' : undefined}>
      <Button
        size="xs"
        variant={drawing ? 'filled' : 'default'}
        leftSection={<IconPencil size={14} />}
        disabled={disabled}
        onClick={onToggle}
      >
        {UI.draw}
      </Button>
      {drawing && (
        <>
          <SegmentedControl
            size="xs"
            value={tool}
            onChange={(v) => setTool(v as Tool)}
            data={(['freehand', 'arrow', 'rect'] as const).map((t) => ({
              value: t,
              label: UI.drawTools[t],
            }))}
          />
          <Button size="xs" variant="subtle" onClick={() => setDraft([])}>
            {UI.clearDrawing}
          </Button>
        </>
      )}
    </Group>
  );
}

/**
 * The review workspace's frame: the media (with whatever it shows above it) and the drawing tools on
 * the left, the comments on the right. A new comment carries the workspace's anchor (a frame, or a
 * point of a page), the drawing if any and a guest's name; once posted the drawing is cleared.
 */
export function ReviewLayout({
  review,
  media,
  below,
  tools,
  submitLabel,
  hint,
  onSeek,
  anchor,
  onAdded,
  transcript,
  transcriptFirst = false,
}: {
  review: Review;
  media: ReactNode;
  /** under the media, above the drawing tools (the video's controls) */
  below?: ReactNode;
  tools: { disabled?: boolean; hidden?: boolean; onToggle: () => void };
  submitLabel: string;
  hint?: string;
  onSeek: (c: AssetComment) => void;
  /** where a new comment sits */
  anchor: () => Omit<CommentPost, 'text' | 'comment_id' | 'drawing' | 'guest_name'>;
  onAdded?: () => void;
  /** the file's transcript: a tab beside the comments */
  transcript?: ReactNode;
  /** opened at a moment of what is said (a footage search hit): the transcript tab shows first */
  transcriptFirst?: boolean;
}) {
  const { query, post, resolve, comments, draft, setDraft, setDrawing, selected } = review;
  const commentsPanel = (
    <CommentsPanel
      comments={comments}
      total={query.data?.total_entries ?? 0}
      submitLabel={submitLabel}
      hint={hint}
      guest={review.guest}
      drawingCount={draft.length}
      selectedId={selected?._id ?? null}
      onSeek={onSeek}
      onResolve={resolve}
      onReply={(c, text, guestName) =>
        post({ text, comment_id: c._id, ...(guestName ? { guest_name: guestName } : {}) }).catch(showApiError)
      }
      onAdd={(text, guestName) =>
        post({
          text,
          ...anchor(),
          ...(draft.length ? { drawing: { shapes: draft } } : {}),
          ...(guestName ? { guest_name: guestName } : {}),
        })
          .then(() => {
            setDraft([]);
            setDrawing(false);
            onAdded?.();
          })
          .catch(showApiError)
      }
    />
  );
  return (
    <Grid>
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Stack gap="xs">
          {media}
          {below}
          <DrawTools review={review} {...tools} />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        {transcript ? (
          <Tabs defaultValue={transcriptFirst ? 'transcript' : 'comments'}>
            <Tabs.List mb="sm">
              <Tabs.Tab value="comments">{UI.comments}</Tabs.Tab>
              <Tabs.Tab value="transcript">{TRANSCRIPT_TEXT.tab}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="comments">{commentsPanel}</Tabs.Panel>
            <Tabs.Panel value="transcript">{transcript}</Tabs.Panel>
          </Tabs>
        ) : (
          commentsPanel
        )}
      </Grid.Col>
    </Grid>
  );
}
