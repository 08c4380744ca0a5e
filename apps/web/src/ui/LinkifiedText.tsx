import { Anchor, Text } from '@mantine/core';
import { Fragment } from 'react';

const URL_PATTERN = /(https?:\/\/[^\s<>"']+)/g;
const TRAILING_PUNCTUATION = /[).,;:!?]+$/;

/**
 * Plain text whose http(s) URLs become links; everything is rendered as text, never as HTML
 * (DESIGN §9). Links to this app open in the same tab, others in a new one.
 */
export function LinkifiedText({ text }: { text: string }) {
  const parts = text.split(URL_PATTERN);
  return (
    <Text component="div" size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
      {parts.map((part, i) => {
        if (i % 2 === 0) return <Fragment key={i}>{part}</Fragment>;
        const trailing = TRAILING_PUNCTUATION.exec(part)?.[0] ?? '';
        const url = trailing ? part.slice(0, -trailing.length) : part;
        const external = !url.startsWith(`${window.location.origin}/`);
        return (
          <Fragment key={i}>
            <Anchor href={url} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
              {url}
            </Anchor>
            {trailing}
          </Fragment>
        );
      })}
    </Text>
  );
}
