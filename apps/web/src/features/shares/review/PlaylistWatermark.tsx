import { Button, Center, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { MSG, REVIEW_PLAYLIST_TEXT as T, type ReviewKey, type WatermarkState } from '@rushes/shared';
import { reviewRoutes } from '@rushes/shared/routes/shares';
import { ApiError, call, fieldErrorsOf } from '../../../api/client.ts';
import { mutationHook } from '../../../api/mutation.ts';
import { Form } from '../../../ui/Form.tsx';

const useStartWatermark = mutationHook(reviewRoutes.startWatermark);
const POLL_MS = 1500;

const box = { minHeight: 320, background: 'var(--mantine-color-gray-1)', borderRadius: 8 } as const;

/**
 * A watermarked link before its picture plays: asks the viewer's e-mail (once per link; a logged-in
 * viewer is never asked), then says the copy is being prepared until it is ready, and refreshes the
 * review answer, whose play_url is then the viewer's own copy.
 */
export function WatermarkGate({
  reviewKey,
  viewerEmail,
  onReady,
}: {
  reviewKey: ReviewKey;
  viewerEmail: string | null;
  onReady: () => void;
}) {
  if (!viewerEmail) return <EmailStep reviewKey={reviewKey} onReady={onReady} />;
  return <PreparingStep reviewKey={reviewKey} onReady={onReady} />;
}

function EmailStep({ reviewKey, onReady }: { reviewKey: ReviewKey; onReady: () => void }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const start = useStartWatermark({
    meta: { silent: true },
    onSuccess: onReady,
    onError: (e) =>
      setError(fieldErrorsOf(e)?.email ?? (e instanceof ApiError ? e.message : MSG.somethingWentWrong)),
  });
  return (
    <Center style={box} p="md">
      <Stack w={360} gap="sm">
        <Title order={2} size="h4">
          {T.emailTitle}
        </Title>
        <Text size="sm" c="dimmed">
          {T.emailHint}
        </Text>
        <Form
          aria-label={T.emailTitle}
          onSubmit={() =>
            email.trim() ? start.mutate({ ...reviewKey, email: email.trim() }) : setError(MSG.required)
          }
        >
          <TextInput
            type="email"
            label={T.emailLabel}
            value={email}
            error={error}
            autoFocus
            autoComplete="email"
            onChange={(e) => {
              setEmail(e.currentTarget.value);
              setError(undefined);
            }}
          />
          <Button type="submit" loading={start.isPending} style={{ alignSelf: 'flex-start' }}>
            {T.continue}
          </Button>
        </Form>
      </Stack>
    </Center>
  );
}

/** Starts the copy of the file shown when there is none yet, and polls it until ready or failed. */
function PreparingStep({ reviewKey, onReady }: { reviewKey: ReviewKey; onReady: () => void }) {
  const queryClient = useQueryClient();
  const started = useRef(false);
  const key = [
    'shares',
    'watermark',
    reviewKey.shared_link ?? reviewKey.shared_asset ?? '',
    reviewKey.ingest_db_id ?? '',
  ];
  const state = useQuery({
    queryKey: key,
    queryFn: async ({ signal }): Promise<WatermarkState> => {
      const now = await call(reviewRoutes.watermark, reviewKey, { signal });
      if (now.status === 'none' && !started.current) {
        started.current = true;
        return call(reviewRoutes.startWatermark, reviewKey, { signal });
      }
      return now;
    },
    refetchInterval: (q) =>
      q.state.data?.status === 'failed' || q.state.data?.status === 'ready' ? false : POLL_MS,
    retry: false,
    meta: { silent: true },
  });
  const ready = state.data?.status === 'ready';
  useEffect(() => {
    if (!ready) return;
    onReady();
    queryClient.removeQueries({ queryKey: key });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the copy is ready
  }, [ready]);
  return (
    <Center style={box} p="md">
      {state.data?.status === 'failed' || state.isError ? (
        <Text role="alert" c="red">
          {T.failed}
        </Text>
      ) : (
        <Stack align="center" gap="xs" role="status">
          <Loader />
          <Text fw={600}>{T.preparing}</Text>
          <Text size="sm" c="dimmed" ta="center" maw={360}>
            {T.preparingHint}
          </Text>
        </Stack>
      )}
    </Center>
  );
}
