import { Center, Loader } from '@mantine/core';

/** Shown while a lazy screen or the current user loads. */
export function PageLoader() {
  return (
    <Center h="60vh">
      <Loader />
    </Center>
  );
}
