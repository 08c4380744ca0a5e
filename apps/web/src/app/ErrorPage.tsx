import { Button, Center, Group, Stack, Title } from '@mantine/core';
import { Component, type ReactNode } from 'react';
import { PUBLIC_MSG, PUBLIC_UI } from '@rushes/shared';
import { PATHS } from './paths.ts';

/** The fallback page of a render or loading failure (spec 002 §2 Other), with Home and Refresh. */
export function ErrorFallback() {
  return (
    <Center mih="100vh" p="md">
      <Stack align="center" gap="lg" maw={520}>
        <Title order={1} size="h3" ta="center">
          {PUBLIC_MSG.errorPageTitle}
        </Title>
        <Group>
          <Button component="a" href={PATHS.home}>
            {PUBLIC_UI.home}
          </Button>
          <Button variant="light" onClick={() => window.location.reload()}>
            {PUBLIC_UI.refresh}
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}

interface BoundaryProps {
  /** The path shown: the error page gives way when it changes (a link, Back). */
  pathname: string;
  children: ReactNode;
}

/**
 * The routes' error boundary: logs the error for developers, shows the fallback to users, and
 * clears once the path changes, without remounting what it wraps on every navigation.
 */
export class RouteErrorBoundary extends Component<BoundaryProps, { failedAt: string | null }> {
  override state: { failedAt: string | null } = { failedAt: null };

  static getDerivedStateFromError(): { failedAt: string } {
    // the path is filled in by getDerivedStateFromProps, which runs with this render's props
    return { failedAt: '' };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { failedAt: string | null }) {
    if (state.failedAt === '') return { failedAt: props.pathname };
    if (state.failedAt !== null && state.failedAt !== props.pathname) return { failedAt: null };
    return null;
  }

  override componentDidCatch(error: unknown): void {
    console.error(error);
  }

  override render(): ReactNode {
    return this.state.failedAt !== null ? <ErrorFallback /> : this.props.children;
  }
}
