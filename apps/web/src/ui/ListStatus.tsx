import { Center, Loader, Text } from '@mantine/core';
import { MSG } from '@rushes/shared';

/** The query states a list shows before (or instead of) its items. */
interface ListStatusProps {
  query: { isPending: boolean; isError: boolean; isSuccess: boolean };
  /** Whether the loaded list has no items. */
  empty: boolean;
  emptyText: string;
}

/** A list's loader, its error text, and its empty text once loaded with nothing in it. */
export function ListStatus({ query, empty, emptyText }: ListStatusProps) {
  return (
    <>
      {query.isPending && (
        <Center py="md">
          <Loader size="sm" />
        </Center>
      )}
      {query.isError && (
        <Text c="red" size="sm">
          {MSG.somethingWentWrong}
        </Text>
      )}
      {query.isSuccess && empty && (
        <Text c="dimmed" size="sm">
          {emptyText}
        </Text>
      )}
    </>
  );
}

/** The small loader under a list while its next page is fetched. */
export function NextPageLoader({ loading }: { loading: boolean }) {
  return loading ? (
    <Center py="xs">
      <Loader size="xs" />
    </Center>
  ) : null;
}
