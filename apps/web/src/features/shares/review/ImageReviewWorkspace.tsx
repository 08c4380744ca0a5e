import { Box, Button, Grid, Group, SegmentedControl, Stack, UnstyledButton } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useState, type MouseEvent } from 'react';
import { UI, type AssetComment, type Drawing } from '@rushes/shared';
import { showApiError } from '../../../app/apiErrors.ts';
import { CommentsPanel } from './CommentsPanel.tsx';
import { DrawingLayer, type Tool } from './DrawingLayer.tsx';
import { useComments, type CommentsSource } from './useComments.ts';

type Point = { x: number; y: number };
/** A picture has one page (documents with pages can name theirs later). */
const PAGE = 1;

function Pin({
  at,
  label,
  text,
  active,
  onClick,
}: {
  at: Point;
  label: string;
  text: string;
  active: boolean;
  onClick?: () => void;
}) {
  return (
    <UnstyledButton
      aria-label={label}
      onClick={(e) => {
        e.stopPropagation();
        onClick?.();
      }}
      style={{
        position: 'absolute',
        // the pin's pointed corner (bottom left) is on the point
        left: `${at.x * 100}%`,
        top: `calc(${at.y * 100}% - 24px)`,
        width: 24,
        height: 24,
        borderRadius: '50% 50% 50% 0',
        display: 'grid',
        placeItems: 'center',
        fontSize: 12,
        fontWeight: 700,
        color: 'white',
        background: active ? 'var(--mantine-color-red-6)' : 'var(--mantine-color-orange-6)',
        border: '2px solid white',
        boxShadow: '0 1px 4px rgba(0,0,0,.5)',
        pointerEvents: onClick ? 'auto' : 'none',
      }}
    >
      {text}
    </UnstyledButton>
  );
}

/**
 * Review of a picture (issue 16): a click on the picture pins the next comment to that point of the
 * page; each comment on a point shows as a numbered pin (click: select it, its drawing shows); the
 * drawing tools work over the picture as over a paused frame.
 */
export function ImageReviewWorkspace({
  src,
  title,
  source,
}: {
  src: string;
  title: string;
  source: CommentsSource;
}) {
  const { query, post, resolve } = useComments(source);
  const comments = query.data?.data ?? [];
  const [point, setPoint] = useState<Point | null>(null);
  const [drawing, setDrawing] = useState(false);
  const [tool, setTool] = useState<Tool>('freehand');
  const [draft, setDraft] = useState<Drawing['shapes']>([]);
  const [selected, setSelected] = useState<AssetComment | null>(null);
  const [ratio, setRatio] = useState(4 / 3);
  const guest = source.kind === 'link' && source.guest;
  const pinned = comments.filter((c) => c.x !== null && c.y !== null);
  const shown = drawing ? draft : (selected?.drawing?.shapes ?? null);

  const pick = (e: MouseEvent<HTMLDivElement>) => {
    if (drawing) return;
    const r = e.currentTarget.getBoundingClientRect();
    const clamp = (v: number) => Math.max(0, Math.min(1, v));
    setSelected(null);
    setPoint({ x: clamp((e.clientX - r.left) / r.width), y: clamp((e.clientY - r.top) / r.height) });
  };

  return (
    <Grid>
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Stack gap="xs">
          <Box
            onClick={pick}
            style={{
              position: 'relative',
              aspectRatio: String(ratio),
              width: `min(100%, calc(65vh * ${ratio}))`,
              background: 'black',
              borderRadius: 8,
              cursor: drawing ? 'crosshair' : 'copy',
            }}
          >
            <img
              src={src}
              alt={title}
              onLoad={(e) => {
                const img = e.currentTarget;
                if (img.naturalWidth && img.naturalHeight) setRatio(img.naturalWidth / img.naturalHeight);
              }}
              style={{ width: '100%', height: '100%', display: 'block', borderRadius: 8 }}
            />
            {shown && (
              <DrawingLayer
                label={UI.drawingOnFrame}
                shapes={shown}
                tool={tool}
                editable={drawing}
                onChange={setDraft}
              />
            )}
            {pinned.map((c, i) => (
              <Pin
                key={c._id}
                at={{ x: c.x!, y: c.y! }}
                text={String(i + 1)}
                label={UI.pinOf(i + 1, c.author.name)}
                active={selected?._id === c._id}
                onClick={() => {
                  setDrawing(false);
                  setPoint(null);
                  setSelected(c);
                }}
              />
            ))}
            {point && <Pin at={point} text="+" label={UI.newPin} active />}
          </Box>
          <Group gap="xs">
            <Button
              size="xs"
              variant={drawing ? 'filled' : 'default'}
              leftSection={<IconPencil size={14} />}
              onClick={() => {
                setSelected(null);
                setDrawing((d) => !d);
              }}
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
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <CommentsPanel
          comments={comments}
          total={query.data?.total_entries ?? 0}
          submitLabel={point ? UI.commentOnPoint : UI.commentButton}
          hint={point ? undefined : UI.clickToPin}
          guest={guest}
          drawingCount={draft.length}
          selectedId={selected?._id ?? null}
          onSeek={(c) => {
            setDrawing(false);
            setPoint(null);
            setSelected(c);
          }}
          onResolve={resolve}
          onReply={(c, text, guestName) =>
            post({ text, comment_id: c._id, ...(guestName ? { guest_name: guestName } : {}) }).catch(
              showApiError,
            )
          }
          onAdd={(text, guestName) =>
            post({
              text,
              page: PAGE,
              ...(point ? { x: point.x, y: point.y } : {}),
              ...(draft.length ? { drawing: { shapes: draft } } : {}),
              ...(guestName ? { guest_name: guestName } : {}),
            })
              .then(() => {
                setDraft([]);
                setDrawing(false);
                setPoint(null);
              })
              .catch(showApiError)
          }
        />
      </Grid.Col>
    </Grid>
  );
}
