import { Anchor, Button, type AnchorProps, type ButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A Mantine anchor that navigates inside the app. */
export function RouterAnchor({ to, children, ...props }: AnchorProps & { to: string; children: ReactNode }) {
  return (
    <Anchor component={Link} to={to} {...props}>
      {children}
    </Anchor>
  );
}

/** A Mantine button that navigates inside the app. */
export function RouterButton({ to, children, ...props }: ButtonProps & { to: string; children: ReactNode }) {
  return (
    <Button component={Link} to={to} {...props}>
      {children}
    </Button>
  );
}
