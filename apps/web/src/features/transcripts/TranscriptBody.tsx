import { ActionIcon, Group, Loader, Menu, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconChevronDown,
  IconChevronUp,
  IconCopy,
  IconDots,
  IconDownload,
  IconPencil,
  IconSearch,
} from '@tabler/icons-react';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { TRANSCRIPT_TEXT, type TranscriptAnswer } from '@rushes/shared';
import { showApiError } from '../../app/apiErrors.ts';
import { toast } from '../../ui/toast.ts';
import { setMedia } from '../shares/review/actions.ts';
import { writeClipboard } from '../shares/linkDialog.tsx';
import { captionsUrl, type CaptionsSource } from './api.ts';
import { findMatches, transcriptPlainText } from './transcriptLogic.ts';
import { TranscriptWords } from './TranscriptWords.tsx';
import { useWordHighlight } from './useWordHighlight.ts';
import classes from './TranscriptPanel.module.css';

const SEARCH_DEBOUNCE_MS = 150;
const NO_WORDS = new Set<number>();

/** Search inside the transcript: the words matching, how many, and next/previous among them. */
function useInsideSearch(words: TranscriptAnswer['words'], seek: (i: number) => void) {
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const found = useMemo(() => findMatches(words, debounced), [words, debounced]);
  const [at, setAt] = useState(0);
  const [last, setLast] = useState(found);
  if (last !== found) {
    setLast(found);
    setAt(0);
  }
  const current = useMemo(() => {
    const start = found.starts[at];
    if (start === undefined) return NO_WORDS;
    const out = new Set<number>();
    for (let i = start; found.words.has(i); i += 1) out.add(i);
    return out;
  }, [found, at]);
  const step = (by: number) => {
    const n = found.starts.length;
    if (!n) return;
    const next = (at + by + n) % n;
    setAt(next);
    seek(found.starts[next]);
  };
  return { text, setText, searching: debounced.trim().length > 0, found, current, step };
}

export interface TranscriptBodyProps {
  el: HTMLMediaElement | null;
  t: TranscriptAnswer;
  /** where the captions downloads come from */
  captions: CaptionsSource;
  /** copy and the SRT/VTT downloads (a review link only when it allows downloads) */
  canDownload: boolean;
  /** correct a word; absent where nobody may (a review link) */
  onCorrect?: (i: number, text: string) => void;
  /** under the words: transcribe again, the language (members who may) */
  footer?: ReactNode;
}

/**
 * What both transcript panels show (the members' player and the review page): the status, the
 * paragraphs with the word being spoken highlighted, a word plays from its moment, search inside,
 * copy and the captions downloads when allowed, and correcting a word when `onCorrect` is given.
 */
export function TranscriptBody({ el, t, captions, canDownload, onCorrect, footer }: TranscriptBodyProps) {
  const words = t.words;
  const [body, setBody] = useState<HTMLDivElement | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const seek = useCallback(
    (i: number) => {
      setSelected(i);
      const w = words[i];
      if (w) setMedia(el, { currentTime: w.s / 1000 });
    },
    [el, words],
  );
  const search = useInsideSearch(words, seek);
  // whatever re-renders the words makes React rewrite their classes: the highlight is put back
  const rendered = useMemo(() => ({}), [search.found, search.current, selected, editing, t]); // eslint-disable-line react-hooks/exhaustive-deps
  useWordHighlight(el, words, body, classes.speaking, rendered);
  const onEdit = useCallback((i: number) => {
    setSelected(i);
    setEditing(i);
  }, []);
  const onCancel = useCallback(() => setEditing(null), []);
  const onSave = useCallback(
    (i: number, text: string) => {
      setEditing(null);
      onCorrect?.(i, text);
    },
    [onCorrect],
  );

  const status = t.status;
  const busy = status === 'queued' || status === 'running';
  const statusText = status
    ? TRANSCRIPT_TEXT.status[status]
    : !t.configured
      ? TRANSCRIPT_TEXT.status.not_set_up
      : TRANSCRIPT_TEXT.none;
  const hasWords = words.length > 0;
  const canEdit = Boolean(onCorrect) && t.can_edit && hasWords;

  return (
    <Stack gap="sm" role="region" aria-label={TRANSCRIPT_TEXT.panelTitle}>
      {hasWords && (
        <Group gap={4} wrap="nowrap">
          <TextInput
            size="xs"
            style={{ flex: 1 }}
            aria-label={TRANSCRIPT_TEXT.searchPlaceholder}
            placeholder={TRANSCRIPT_TEXT.searchPlaceholder}
            leftSection={<IconSearch size={14} />}
            value={search.text}
            onChange={(e) => search.setText(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') search.step(e.shiftKey ? -1 : 1);
            }}
          />
          <Tooltip label={TRANSCRIPT_TEXT.prevMatch} withinPortal={false}>
            <ActionIcon
              variant="default"
              aria-label={TRANSCRIPT_TEXT.prevMatch}
              disabled={!search.found.starts.length}
              onClick={() => search.step(-1)}
            >
              <IconChevronUp size={14} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={TRANSCRIPT_TEXT.nextMatch} withinPortal={false}>
            <ActionIcon
              variant="default"
              aria-label={TRANSCRIPT_TEXT.nextMatch}
              disabled={!search.found.starts.length}
              onClick={() => search.step(1)}
            >
              <IconChevronDown size={14} />
            </ActionIcon>
          </Tooltip>
          {canEdit && (
            <Tooltip label={TRANSCRIPT_TEXT.editWord} withinPortal={false}>
              <ActionIcon
                variant="default"
                aria-label={TRANSCRIPT_TEXT.editWord}
                disabled={selected === null}
                onClick={() => selected !== null && onEdit(selected)}
              >
                <IconPencil size={14} />
              </ActionIcon>
            </Tooltip>
          )}
          {canDownload && (
            <Menu position="bottom-end" withinPortal={false}>
              <Menu.Target>
                <ActionIcon variant="default" aria-label={TRANSCRIPT_TEXT.more}>
                  <IconDots size={14} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item
                  leftSection={<IconCopy size={14} />}
                  onClick={() =>
                    writeClipboard(Promise.resolve(transcriptPlainText(t.lines)))
                      .then(() => toast.success(TRANSCRIPT_TEXT.copied))
                      .catch(showApiError)
                  }
                >
                  {TRANSCRIPT_TEXT.copy}
                </Menu.Item>
                {(['srt', 'vtt'] as const).map((f) => (
                  <Menu.Item
                    key={f}
                    component="a"
                    href={captionsUrl(captions, f, true)}
                    download
                    leftSection={<IconDownload size={14} />}
                  >
                    {f === 'srt' ? TRANSCRIPT_TEXT.downloadSrt : TRANSCRIPT_TEXT.downloadVtt}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
      )}
      {search.searching && (
        <Text size="xs" c="dimmed" aria-live="polite">
          {search.found.starts.length
            ? TRANSCRIPT_TEXT.matchCount(search.found.starts.length)
            : TRANSCRIPT_TEXT.noMatches}
        </Text>
      )}
      {statusText && (
        <Group gap="xs" wrap="nowrap">
          {busy && <Loader size="xs" />}
          <Text size="sm" c="dimmed" role="status">
            {statusText}
          </Text>
        </Group>
      )}
      {hasWords && (
        <TranscriptWords
          ref={setBody}
          words={words}
          lines={t.lines}
          matches={search.found.words}
          current={search.current}
          selected={selected}
          editing={editing}
          canEdit={canEdit}
          onSeek={seek}
          onEdit={onEdit}
          onSave={onSave}
          onCancel={onCancel}
        />
      )}
      {footer}
    </Stack>
  );
}
