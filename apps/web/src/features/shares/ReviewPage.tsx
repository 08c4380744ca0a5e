import {
  Box,
  Button,
  Center,
  Container,
  Flex,
  Group,
  Image,
  PasswordInput,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  APP_NAME,
  DEFAULT_FRAME_RATE,
  MSG,
  REVIEW_PLAYLIST_TEXT as T,
  UI,
  formatDate,
  reviewFileUrl,
  type ReviewAnswer,
  type ReviewKey,
} from '@rushes/shared';
import { fieldErrorsOf, ApiError } from '../../api/client.ts';
import { getSelectedTeamId } from '../../api/teamStorage.ts';
import { ApprovalControl } from '../approvals/ApprovalControl.tsx';
import { Form } from '../../ui/Form.tsx';
import { PageLoader } from '../../ui/PageLoader.tsx';
import { shareKeys, useReview, useUnlockReview } from './api.ts';
import { CompareView } from './review/CompareView.tsx';
import { ImageReviewWorkspace } from './review/ImageReviewWorkspace.tsx';
import { PlaylistPanel, neighbours } from './review/PlaylistPanel.tsx';
import { WatermarkGate } from './review/PlaylistWatermark.tsx';
import { VersionBar } from './review/VersionBar.tsx';
import { ReviewWorkspace } from './review/ReviewWorkspace.tsx';
import { CaptionsDownloadMenu } from '../transcripts/CaptionsDownloadMenu.tsx';

type Open = Extract<ReviewAnswer, { state: 'open' }>;

const frame = { width: '100%', maxHeight: '70vh', background: 'black', borderRadius: 8 } as const;

function Expired() {
  return (
    <Center mih="60vh">
      <Stack align="center" gap="xs">
        <Title order={1} size="h2">
          {UI.reviewExpiredTitle}
        </Title>
        <Text c="dimmed">{UI.reviewExpiredText}</Text>
      </Stack>
    </Center>
  );
}

function PasscodeGate({ reviewKey, title }: { reviewKey: ReviewKey; title: string }) {
  const queryClient = useQueryClient();
  const [passcode, setPasscode] = useState('');
  const [error, setError] = useState<string>();
  const unlock = useUnlockReview({
    meta: { silent: true },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: shareKeys.review(reviewKey) }),
    onError: (e) =>
      setError(fieldErrorsOf(e)?.passcode ?? (e instanceof ApiError ? e.message : MSG.somethingWentWrong)),
  });
  return (
    <Center mih="60vh">
      <Stack w={360} gap="sm">
        <Title order={1} size="h3">
          {title}
        </Title>
        <Text>{UI.reviewPasscodeTitle}</Text>
        <Form
          aria-label={UI.reviewPasscodeTitle}
          onSubmit={() => (passcode ? unlock.mutate({ ...reviewKey, passcode }) : setError(MSG.required))}
        >
          <PasswordInput
            label={UI.passcodeLabel}
            value={passcode}
            error={error}
            autoFocus
            onChange={(e) => {
              setPasscode(e.currentTarget.value);
              setError(undefined);
            }}
          />
          <Button type="submit" loading={unlock.isPending} style={{ alignSelf: 'flex-start' }}>
            {UI.reviewUnlock}
          </Button>
        </Form>
      </Stack>
    </Center>
  );
}

/** The shared asset through the same ranged byte route as the player (video, audio, image). */
export function ReviewMedia({ review }: { review: Open }) {
  if (!review.play_url)
    return (
      <Center h={320} bg="gray.1" style={{ borderRadius: 8 }}>
        <Text c="dimmed" role="status">
          {MSG.previewNotAvailable}
        </Text>
      </Center>
    );
  if (review.file_type === 'image')
    return <Image src={review.play_url} alt={review.title} fit="contain" mah="70vh" bg="black" radius="md" />;
  if (review.file_type === 'audio')
    return (
      <audio
        src={review.play_url}
        controls
        preload="metadata"
        aria-label={review.title}
        style={{ width: '100%' }}
      />
    );
  return (
    <video
      key={review.play_url}
      src={review.play_url}
      poster={review.thumbnail ?? undefined}
      controls
      preload="metadata"
      aria-label={review.title}
      style={frame}
    />
  );
}

/** Plays the next file when a video or audio ends (autoplay) and starts it once it can play. */
function useAutoplayNext(stage: HTMLDivElement | null, next: (() => void) | null) {
  const pending = useRef(false);
  const latest = useRef(next);
  useEffect(() => {
    latest.current = next;
  });
  useEffect(() => {
    if (!stage) return;
    // media events do not bubble, but their capture phase passes through the stage
    const ended = (e: Event) => {
      const next = latest.current;
      if (!(e.target instanceof HTMLMediaElement) || !next) return;
      pending.current = true;
      next();
    };
    const ready = (e: Event) => {
      if (!pending.current || !(e.target instanceof HTMLMediaElement)) return;
      pending.current = false;
      void e.target.play().catch(() => undefined);
    };
    stage.addEventListener('ended', ended, true);
    stage.addEventListener('canplay', ready, true);
    return () => {
      stage.removeEventListener('ended', ended, true);
      stage.removeEventListener('canplay', ready, true);
    };
  }, [stage]);
}

/**
 * The public review page (spec 002 §2: recognised by a query parameter starting with
 * 'shared'): no account needed. Expired or revoked links say so; a passcode link asks for it first.
 * A link holding several files or a folder shows them as a playlist beside the player; a
 * watermarked link asks the viewer's e-mail and plays their own copy with it burned in.
 */
export default function ReviewPage() {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const version = params.get('ingest_db_id') ?? undefined;
  const reviewKey: ReviewKey = params.get('shared_link')
    ? { shared_link: params.get('shared_link')!, ingest_db_id: version }
    : { shared_asset: params.get('shared_asset') ?? '', ingest_db_id: version };
  const query = useReview(reviewKey);
  const [compare, setCompare] = useState(false);
  const [autoplay, setAutoplay] = useState(true);
  const [stage, setStage] = useState<HTMLDivElement | null>(null);
  // while another file of the playlist loads, the page keeps showing the last one (no loader flash)
  const [last, setLast] = useState<Open | null>(null);
  if (query.data?.state === 'open' && query.data !== last) setLast(query.data);
  const data = query.isPending ? last : query.data;
  const show = (id: string) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      next.set('ingest_db_id', id);
      return next;
    });
  const open = data?.state === 'open' ? data : null;
  const following = open ? neighbours(open.items, open.current_item).next : null;
  useAutoplayNext(stage, autoplay && following ? () => show(following.ingest_db_id) : null);
  if (query.isPending && !data) return <PageLoader />;
  if (!data || data.state === 'expired') return <Expired />;
  if (data.state === 'passcode') return <PasscodeGate reviewKey={reviewKey} title={data.title} />;
  const source = { kind: 'link', reviewKey, guest: true } as const;
  const playlist = data.kind !== 'asset';
  const waiting =
    data.watermark && !data.play_url && (data.file_type === 'video' || data.file_type === 'image');
  const refresh = () => void queryClient.invalidateQueries({ queryKey: shareKeys.review(reviewKey) });
  return (
    <Container size={playlist ? 'xl' : 'lg'} py="md">
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="xs" c="dimmed">
              {playlist && data.link_title ? `${APP_NAME} · ${data.link_title}` : APP_NAME}
            </Text>
            <Title order={1} size="h3" style={{ wordBreak: 'break-word' }}>
              {data.title}
            </Title>
            <Text size="sm" c="dimmed">
              {data.shared_by ? `${UI.reviewSharedBy(data.shared_by)} · ` : ''}
              {UI.linkExpires(formatDate(data.expires_on))}
              {data.watermark && data.viewer_email ? ` · ${T.watermarkedFor(data.viewer_email)}` : ''}
            </Text>
          </Stack>
          <Group gap="xs" wrap="nowrap">
            {data.download_url &&
              reviewKey.shared_link &&
              (data.file_type === 'video' || data.file_type === 'audio') && (
                <CaptionsDownloadMenu
                  source={{ kind: 'link', token: reviewKey.shared_link, ingestDbId: data.ingest_db_id }}
                />
              )}
            {data.download_url && (
              <Button
                component="a"
                href={data.download_url}
                leftSection={<IconDownload size={16} />}
                variant="light"
              >
                {UI.download}
              </Button>
            )}
          </Group>
        </Group>
        <Flex gap="md" direction={{ base: 'column', md: 'row' }} align="flex-start">
          <Stack gap="md" ref={setStage} style={{ flex: 1, minWidth: 0, width: '100%' }}>
            {/* a member asked to approve decides here too; a browser that never logged in stores no team and asks nothing */}
            <ApprovalControl
              ingestDbId={data.versions[0]?.ingest_db_id ?? data.ingest_db_id}
              enabled={getSelectedTeamId() !== null}
            />
            <VersionBar
              versions={data.versions}
              current={data.ingest_db_id}
              onSwitch={show}
              compare={compare}
              onCompare={
                data.file_type === 'video' && !data.watermark ? () => setCompare((c) => !c) : undefined
              }
            />
            {compare && !data.watermark && data.versions.length > 1 && (
              <CompareView
                urlOf={(id) => reviewFileUrl(reviewKey, 'play', id)}
                versions={data.versions}
                current={data.ingest_db_id}
              />
            )}
            <ReviewStage
              data={data}
              reviewKey={reviewKey}
              source={source}
              waiting={waiting}
              onReady={refresh}
            />
          </Stack>
          {playlist && (
            <Box w={{ base: '100%', md: 320 }} style={{ flex: 'none' }}>
              <PlaylistPanel
                items={data.items}
                current={data.current_item}
                onPick={(item) => show(item.ingest_db_id)}
                autoplay={autoplay}
                onAutoplay={setAutoplay}
              />
            </Box>
          )}
        </Flex>
      </Stack>
    </Container>
  );
}

/** The file shown, with the workspace of its kind (video/audio, picture, document's pages). */
function ReviewStage({
  data,
  reviewKey,
  source,
  waiting,
  onReady,
}: {
  data: Open;
  reviewKey: ReviewKey;
  source: { kind: 'link'; reviewKey: ReviewKey; guest: true };
  waiting: boolean;
  onReady: () => void;
}) {
  if (waiting)
    return (
      <WatermarkGate
        key={data.ingest_db_id}
        reviewKey={{ ...reviewKey, ingest_db_id: data.ingest_db_id }}
        viewerEmail={data.viewer_email}
        onReady={onReady}
      />
    );
  if ((data.file_type === 'video' || data.file_type === 'audio') && data.play_url)
    return (
      <ReviewWorkspace
        audio={data.file_type === 'audio'}
        playUrl={data.play_url}
        poster={data.thumbnail}
        title={data.title}
        frameRate={data.frame_rate ?? DEFAULT_FRAME_RATE}
        source={source}
        captions={
          reviewKey.shared_link
            ? { kind: 'link', token: reviewKey.shared_link, ingestDbId: data.ingest_db_id }
            : undefined
        }
      />
    );
  if (data.page_count)
    return (
      <ImageReviewWorkspace
        key={data.ingest_db_id}
        pages={{
          count: data.page_count,
          urlOf: (n) => reviewFileUrl(reviewKey, 'page', data.ingest_db_id, n),
          thumbUrlOf: (n) => reviewFileUrl(reviewKey, 'page_thumb', data.ingest_db_id, n),
        }}
        title={data.title}
        source={source}
      />
    );
  if (data.file_type === 'image' && data.play_url)
    return (
      <ImageReviewWorkspace key={data.ingest_db_id} src={data.play_url} title={data.title} source={source} />
    );
  return <ReviewMedia review={data} />;
}
