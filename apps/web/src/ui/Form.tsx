import { Stack, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';

interface FormProps {
  onSubmit: () => void;
  children: ReactNode;
  gap?: MantineSpacing;
  'aria-label'?: string;
}

/** A form without the browser's own validation (the shared zod schemas validate) laid out as a stack. */
export function Form({ onSubmit, children, gap = 'md', 'aria-label': ariaLabel }: FormProps) {
  return (
    <form
      noValidate
      aria-label={ariaLabel}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Stack gap={gap}>{children}</Stack>
    </form>
  );
}
