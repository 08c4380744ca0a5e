import { Box, Button, Group, SegmentedControl, Select, Slider, Stack, Text } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { useRef, useState, type CSSProperties, type RefObject } from 'react';
import { UI, VERSIONS_TEXT, VERSION_BUTTONS_MAX } from '@rushes/shared';
import { compareClock, seekPair, togglePair, useSyncedPair } from './compareSync.ts';

type Version = { ingest_db_id: string; version: number; title: string };
type Mode = 'side' | 'overlay';
type Blend = 'wipe' | 'opacity';

/** A version's name on its picture: its number (exact text, so it can be found) and its file name. */
function NameTag({ version, side }: { version: Version | undefined; side: 'left' | 'right' }) {
  if (!version) return null;
  return (
    <Box
      px={8}
      py={2}
      style={{
        position: 'absolute',
        top: 8,
        [side]: 8,
        zIndex: 4,
        maxWidth: '45%',
        background: 'rgba(0, 0, 0, 0.65)',
        color: 'white',
        borderRadius: 6,
        pointerEvents: 'none',
        whiteSpace: 'nowrap',
        overflow: 'hidden',
        textOverflow: 'ellipsis',
      }}
    >
      <Text span size="sm" fw={700}>
        {UI.versionLabel(version.version)}
      </Text>{' '}
      <Text span size="xs">
        {version.title}
      </Text>
    </Box>
  );
}

/**
 * The wipe's edge over the picture; dragging its handle moves it (the slider under the picture
 * does the same from the keyboard).
 */
function WipeLine({ at, onMove }: { at: number; onMove: (percent: number) => void }) {
  const move = (e: React.PointerEvent<HTMLElement>) => {
    const frame = e.currentTarget.parentElement?.parentElement?.getBoundingClientRect();
    if (!frame?.width || !e.currentTarget.hasPointerCapture(e.pointerId)) return;
    onMove(Math.round(Math.min(100, Math.max(0, ((e.clientX - frame.left) / frame.width) * 100))));
  };
  return (
    <Box
      aria-hidden
      style={{
        position: 'absolute',
        top: 0,
        bottom: 0,
        left: `${at}%`,
        width: 2,
        marginLeft: -1,
        zIndex: 3,
        background: 'white',
        boxShadow: '0 0 4px rgba(0, 0, 0, 0.8)',
      }}
    >
      <Box
        data-testid="wipe-handle"
        onPointerDown={(e) => e.currentTarget.setPointerCapture(e.pointerId)}
        onPointerMove={move}
        style={{
          position: 'absolute',
          top: '50%',
          left: -11,
          width: 24,
          height: 24,
          marginTop: -12,
          borderRadius: 12,
          background: 'white',
          boxShadow: '0 0 4px rgba(0, 0, 0, 0.8)',
          cursor: 'ew-resize',
          touchAction: 'none',
        }}
      />
    </Box>
  );
}

/**
 * Compare of two versions, side by side or laid over each other (a wipe or an opacity blend set
 * with a slider). One transport plays, pauses and seeks both; the shown version (right, or under
 * the overlay) leads and the one compared with follows its time. The two video elements stay
 * mounted when the mode changes, so neither loses its place.
 */
export function CompareView({
  urlOf,
  versions,
  current,
}: {
  /** the playable bytes of a version (the review link's, or the member player's) */
  urlOf: (ingestDbId: string) => string;
  versions: readonly Version[];
  current: string;
}) {
  const others = versions.filter((v) => v.ingest_db_id !== current);
  const [picked, setLeft] = useState(others[others.length - 1]?.ingest_db_id ?? current);
  // after a switch the picked one may be the shown one: compare with the newest other instead
  const left = others.some((v) => v.ingest_db_id === picked)
    ? picked
    : (others[others.length - 1]?.ingest_db_id ?? current);
  const [mode, setMode] = useState<Mode>('side');
  const [blend, setBlend] = useState<Blend>('wipe');
  const [mix, setMix] = useState(50);
  const a = useRef<HTMLVideoElement>(null);
  const b = useRef<HTMLVideoElement>(null);
  const pair = useSyncedPair(b, a, [urlOf(left), urlOf(current)]);
  const of = (id: string) => versions.find((v) => v.ingest_db_id === id);
  const label = (id: string) => UI.versionLabel(of(id)?.version ?? 0);
  const overlay = mode === 'overlay';

  const topStyle: CSSProperties = !overlay
    ? {}
    : blend === 'wipe'
      ? { clipPath: `inset(0 ${100 - mix}% 0 0)` }
      : { opacity: mix / 100 };
  const sides: { ref: RefObject<HTMLVideoElement | null>; id: string; style: CSSProperties }[] = [
    { ref: a, id: left, style: { gridArea: '1 / 1', zIndex: 2, ...topStyle } },
    { ref: b, id: current, style: { gridArea: overlay ? '1 / 1' : '1 / 2', zIndex: 1 } },
  ];

  return (
    <Stack gap="xs" role="region" aria-label={UI.compareVersions}>
      <Group gap="xs" wrap="wrap">
        <SegmentedControl
          aria-label={VERSIONS_TEXT.compareMode}
          size="xs"
          value={mode}
          onChange={(m) => setMode(m as Mode)}
          data={[
            { value: 'side', label: VERSIONS_TEXT.sideBySide },
            { value: 'overlay', label: VERSIONS_TEXT.overlay },
          ]}
        />
        {others.length > 1 && (
          <Group gap={6}>
            <Text size="sm" c="dimmed">
              {UI.compareWith}
            </Text>
            {others.length > VERSION_BUTTONS_MAX ? (
              <Select
                aria-label={UI.compareWith}
                size="xs"
                allowDeselect={false}
                value={left}
                onChange={(id) => id && setLeft(id)}
                data={[...others].reverse().map((v) => ({
                  value: v.ingest_db_id,
                  label: VERSIONS_TEXT.versionNamed(UI.versionLabel(v.version), v.title),
                }))}
                w={260}
              />
            ) : (
              <SegmentedControl
                aria-label={UI.compareWith}
                size="xs"
                value={left}
                onChange={setLeft}
                data={others.map((v) => ({ value: v.ingest_db_id, label: UI.versionLabel(v.version) }))}
              />
            )}
          </Group>
        )}
        {overlay && (
          <SegmentedControl
            aria-label={VERSIONS_TEXT.overlayKind}
            size="xs"
            value={blend}
            onChange={(k) => setBlend(k as Blend)}
            data={[
              { value: 'wipe', label: VERSIONS_TEXT.wipe },
              { value: 'opacity', label: VERSIONS_TEXT.opacity },
            ]}
          />
        )}
      </Group>
      <Box
        data-compare-mode={mode}
        style={{
          display: 'grid',
          gridTemplateColumns: overlay ? '1fr' : '1fr 1fr',
          gap: overlay ? 0 : 8,
          position: 'relative',
          width: overlay ? `min(100%, calc(60vh * ${pair.ratio}))` : '100%',
        }}
      >
        {sides.map(({ ref, id, style }) => (
          <Box key={ref === a ? 'a' : 'b'} style={{ position: 'relative', ...style }}>
            <video
              ref={ref}
              src={urlOf(id)}
              muted={ref === a}
              playsInline
              preload="auto"
              aria-label={VERSIONS_TEXT.versionNamed(label(id), of(id)?.title ?? '')}
              onClick={() => togglePair(b.current)}
              style={{
                width: '100%',
                display: 'block',
                aspectRatio: String(pair.ratio),
                background: 'black',
                borderRadius: 8,
              }}
            />
            {!overlay && <NameTag version={of(id)} side="left" />}
          </Box>
        ))}
        {/* over both pictures: under the overlay the shown version's tag would be covered */}
        {overlay && <NameTag version={of(left)} side="left" />}
        {overlay && <NameTag version={of(current)} side="right" />}
        {overlay && blend === 'wipe' && <WipeLine at={mix} onMove={setMix} />}
      </Box>
      {overlay && (
        <Slider
          value={mix}
          onChange={setMix}
          min={0}
          max={100}
          label={(v) => `${v}%`}
          thumbLabel={
            blend === 'wipe' ? VERSIONS_TEXT.wipePosition(label(left)) : VERSIONS_TEXT.opacityOf(label(left))
          }
          style={{ maxWidth: 360 }}
        />
      )}
      <Group gap="sm" wrap="nowrap">
        <Button
          size="xs"
          leftSection={pair.playing ? <IconPlayerPause size={14} /> : <IconPlayerPlay size={14} />}
          onClick={() => togglePair(b.current)}
        >
          {pair.playing ? VERSIONS_TEXT.pauseBoth : VERSIONS_TEXT.playBoth}
        </Button>
        <Slider
          style={{ flex: 1 }}
          value={Math.min(pair.time, pair.duration || 0)}
          onChange={(t) => seekPair(b.current, a.current, t)}
          min={0}
          max={pair.duration || 1}
          step={0.04}
          label={compareClock}
          thumbLabel={VERSIONS_TEXT.comparePosition}
          disabled={!pair.duration}
        />
        <Text size="sm" ff="monospace" aria-live="off">
          {VERSIONS_TEXT.compareTime(compareClock(pair.time), compareClock(pair.duration))}
        </Text>
      </Group>
    </Stack>
  );
}
