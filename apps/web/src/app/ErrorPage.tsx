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

/** The routes' error boundary: logs the error for developers, shows the fallback to users. */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error(error);
  }

  override render(): ReactNode {
    return this.state.failed ? <ErrorFallback /> : this.props.children;
  }
}
