import { Button, Group, Loader, Select, Text } from '@mantine/core';
import { IconMicrophone } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { memo, useCallback } from 'react';
import { TRANSCRIPT_LANGUAGES, TRANSCRIPT_TEXT, type TranscriptLanguage } from '@rushes/shared';
import { toast } from '../../ui/toast.ts';
import {
  transcriptKeys,
  useCorrectWord,
  useSaveTranscriptSettings,
  useTranscribe,
  useTranscript,
  useReviewTranscript,
  useTranscriptSettings,
} from './api.ts';
import { TranscriptBody } from './TranscriptBody.tsx';

/** The project's transcription language, for whoever may change it. */
function LanguageSelect({ projectDbId }: { projectDbId: string }) {
  const queryClient = useQueryClient();
  const settings = useTranscriptSettings(projectDbId);
  const save = useSaveTranscriptSettings({
    onSuccess: (data) => {
      queryClient.setQueryData(transcriptKeys.settings(projectDbId), data);
      toast.success(TRANSCRIPT_TEXT.languageSaved);
    },
  });
  if (!settings.data?.can_edit) return null;
  return (
    <Select
      size="xs"
      w={190}
      label={TRANSCRIPT_TEXT.language}
      value={settings.data.language}
      allowDeselect={false}
      comboboxProps={{ withinPortal: false }}
      data={Object.entries(TRANSCRIPT_LANGUAGES).map(([value, label]) => ({ value, label }))}
      onChange={(v) => v && save.mutate({ project_db_id: projectDbId, language: v as TranscriptLanguage })}
    />
  );
}

/**
 * The transcript beside the player (members' player): what is said, paragraph by paragraph, with
 * the word being spoken highlighted; a word plays from its moment; search inside; correct a word;
 * copy; captions to download; transcribe (again) and the project's language for whoever may.
 * Memoised: the workspace re-renders on every frame while playing, the panel does not.
 */
export const TranscriptPanel = memo(function TranscriptPanel({
  el,
  ingestDbId,
  projectDbId,
}: {
  el: HTMLMediaElement | null;
  ingestDbId: string;
  projectDbId: string;
}) {
  const queryClient = useQueryClient();
  const query = useTranscript(ingestDbId, projectDbId);
  const t = query.data;
  const transcribe = useTranscribe({
    onSuccess: () => {
      toast.success(TRANSCRIPT_TEXT.transcribeStarted);
      return queryClient.invalidateQueries({ queryKey: transcriptKeys.one(ingestDbId) });
    },
  });
  const correct = useCorrectWord({
    onSuccess: (data) => {
      queryClient.setQueryData(transcriptKeys.one(ingestDbId), data);
      toast.success(TRANSCRIPT_TEXT.wordSaved);
    },
  });
  const onCorrect = useCallback(
    (i: number, text: string) => correct.mutate({ ingest_db_id: ingestDbId, word_index: i, text }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- mutate is stable
    [ingestDbId],
  );

  if (query.isPending) return <Loader size="sm" aria-label={TRANSCRIPT_TEXT.panelTitle} />;
  if (query.isError || !t) return <Text c="dimmed">{TRANSCRIPT_TEXT.notFound}</Text>;
  const busy = t.status === 'queued' || t.status === 'running';
  const hasWords = t.words.length > 0;
  return (
    <TranscriptBody
      el={el}
      t={t}
      captions={{ kind: 'member', ingestDbId }}
      canDownload
      onCorrect={t.can_edit ? onCorrect : undefined}
      footer={
        t.can_edit &&
        t.configured &&
        !busy &&
        t.status !== 'no_audio' && (
          <Group gap="sm" align="flex-end" justify="space-between">
            <Button
              size="xs"
              variant="default"
              leftSection={<IconMicrophone size={14} />}
              loading={transcribe.isPending}
              onClick={() => transcribe.mutate({ ingest_db_id: ingestDbId })}
            >
              {hasWords ? TRANSCRIPT_TEXT.transcribeAgain : TRANSCRIPT_TEXT.transcribe}
            </Button>
            <LanguageSelect projectDbId={projectDbId} />
          </Group>
        )
      }
    />
  );
});

/**
 * The transcript of a file on a review link, read-only: what is said with the word being spoken
 * highlighted, a word plays from its moment, search inside; copy and the captions downloads only
 * when the link allows downloads. No editing, no transcribing: the link's viewers are not members.
 */
export const ReviewTranscriptPanel = memo(function ReviewTranscriptPanel({
  el,
  token,
  ingestDbId,
}: {
  el: HTMLMediaElement | null;
  token: string;
  ingestDbId: string;
}) {
  const query = useReviewTranscript(token, ingestDbId);
  const t = query.data;
  if (query.isPending) return <Loader size="sm" aria-label={TRANSCRIPT_TEXT.panelTitle} />;
  if (query.isError || !t) return <Text c="dimmed">{TRANSCRIPT_TEXT.notFound}</Text>;
  return (
    <TranscriptBody
      el={el}
      t={t}
      captions={{ kind: 'link', token, ingestDbId }}
      canDownload={t.can_download}
    />
  );
});
