import { Text } from '@mantine/core';
import { Fragment } from 'react';
import { mentionSegments, type MentionUser } from '@rushes/shared';

/**
 * A chat message: plain text with its mentions highlighted. Rendered as React text nodes only,
 * never as HTML (DESIGN §9), so markup typed into a message shows as typed.
 */
export function MentionText({ text, mentioned }: { text: string; mentioned: MentionUser[] }) {
  return (
    <Text component="div" size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
      {mentionSegments(text, mentioned).map((s, i) =>
        s.mentionOf ? (
          <Text
            key={i}
            span
            size="sm"
            fw={600}
            c="blue.7"
            bg="blue.0"
            px={2}
            style={{ borderRadius: 4 }}
            data-mention={s.mentionOf}
          >
            {s.text}
          </Text>
        ) : (
          <Fragment key={i}>{s.text}</Fragment>
        ),
      )}
    </Text>
  );
}
