import { TextInput } from '@mantine/core';
import { forwardRef, memo, useMemo, type KeyboardEvent } from 'react';
import {
  TRANSCRIPT_TEXT,
  TRANSCRIPT_WORD_MAX,
  type TranscriptLineDto,
  type TranscriptWordDto,
} from '@rushes/shared';
import { clipTime, paragraphs } from './transcriptLogic.ts';
import classes from './TranscriptPanel.module.css';

export interface WordsProps {
  words: readonly TranscriptWordDto[];
  lines: readonly TranscriptLineDto[];
  matches: ReadonlySet<number>;
  /** the words of the match next/previous stepped to */
  current: ReadonlySet<number>;
  selected: number | null;
  editing: number | null;
  canEdit: boolean;
  onSeek: (i: number) => void;
  onEdit: (i: number) => void;
  onSave: (i: number, text: string) => void;
  onCancel: () => void;
}

const wordOf = (target: EventTarget | null) => {
  const i = (target as HTMLElement | null)?.dataset?.i;
  return i === undefined ? null : Number(i);
};

/**
 * The transcript's paragraphs, each word a control: click (or Enter) plays from it, double-click
 * (or F2) edits it when allowed. One word at a time is in the tab order (arrows move between words),
 * so a long transcript is one stop of the keyboard. Memoised: the playing media never re-renders it.
 */
export const TranscriptWords = memo(
  forwardRef<HTMLDivElement, WordsProps>(function TranscriptWords(props, ref) {
    const { words, lines, matches, current, selected, editing, canEdit } = props;
    const paras = useMemo(() => paragraphs(words, lines), [words, lines]);
    const move = (from: HTMLElement, by: number) => {
      const i = wordOf(from);
      if (i === null) return;
      const next = Math.max(0, Math.min(words.length - 1, i + by));
      from.parentElement
        ?.closest(`.${classes.body}`)
        ?.querySelector<HTMLElement>(`[data-i="${next}"]`)
        ?.focus();
    };
    const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
      const i = wordOf(e.target);
      if (i === null) return;
      const by = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[e.key];
      if (by !== undefined) move(e.target as HTMLElement, by);
      else if (e.key === 'Enter' || e.key === ' ') props.onSeek(i);
      else if (e.key === 'F2' && canEdit) props.onEdit(i);
      else return;
      // the player's keys (arrows step frames, space plays) stay with the player elsewhere
      e.preventDefault();
      e.stopPropagation();
    };
    // roving tab stop: the focused word becomes the one Tab comes back to
    const onFocus = (e: React.FocusEvent<HTMLDivElement>) => {
      if (wordOf(e.target) === null) return;
      for (const w of e.currentTarget.querySelectorAll<HTMLElement>('[data-i][tabindex="0"]'))
        w.tabIndex = -1;
      (e.target as HTMLElement).tabIndex = 0;
    };
    return (
      <div
        ref={ref}
        className={classes.body}
        role="group"
        aria-label={TRANSCRIPT_TEXT.words}
        onKeyDown={onKeyDown}
        onFocus={onFocus}
      >
        {paras.map((p) => (
          <p key={p.key} className={classes.paragraph}>
            <span className={classes.time} aria-hidden>
              {clipTime(p.startMs)}
            </span>
            {p.words.map((i) =>
              i === editing ? (
                <WordInput
                  key={i}
                  initial={words[i].w}
                  onSave={(t) => props.onSave(i, t)}
                  onCancel={props.onCancel}
                />
              ) : (
                <span key={i}>
                  <span
                    role="button"
                    tabIndex={i === (selected ?? 0) ? 0 : -1}
                    data-i={i}
                    className={[
                      classes.word,
                      matches.has(i) ? (current.has(i) ? classes.currentMatch : classes.match) : '',
                      i === selected ? classes.selected : '',
                    ].join(' ')}
                    onClick={() => props.onSeek(i)}
                    onDoubleClick={canEdit ? () => props.onEdit(i) : undefined}
                  >
                    {words[i].w}
                  </span>{' '}
                </span>
              ),
            )}
          </p>
        ))}
      </div>
    );
  }),
);

function WordInput({
  initial,
  onSave,
  onCancel,
}: {
  initial: string;
  onSave: (text: string) => void;
  onCancel: () => void;
}) {
  return (
    <TextInput
      size="xs"
      display="inline-block"
      w="9em"
      mx={2}
      autoFocus
      defaultValue={initial}
      maxLength={TRANSCRIPT_WORD_MAX}
      aria-label={TRANSCRIPT_TEXT.editWord}
      onBlur={onCancel}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          const text = e.currentTarget.value.trim();
          if (text && text !== initial) onSave(text);
          else onCancel();
        } else if (e.key === 'Escape') onCancel();
        e.stopPropagation();
      }}
    />
  );
}
