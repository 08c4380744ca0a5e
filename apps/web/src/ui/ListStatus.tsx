import { Center, Loader, Text } from '@mantine/core';
import { MSG } from '@rushes/shared';

/** The query states a list shows before (or instead of) its items. */
interface ListStatusProps {
  query: { isPending: boolean; isError: boolean; isSuccess: boolean };
  /** Whether the loaded list has no items. */
  empty: boolean;
  emptyText: string;
  /**
   * Height (px) the loader, the error and the empty text all take, centred: a list that keeps its
   * place while it loads, so what is below it does not move (home's trays).
   */
  reserve?: number;
}

/** A list's loader, its error text, and its empty text once loaded with nothing in it. */
export function ListStatus({
  query,
  empty,
  emptyText,
  reserve,
  loaderPadding = 'md',
}: ListStatusProps & { loaderPadding?: 'md' | 0 }) {
  const showsText = query.isError || (query.isSuccess && empty);
  if (reserve !== undefined) {
    if (!query.isPending && !showsText) return null;
    return (
      <Center mih={reserve}>
        <ListStatus query={query} empty={empty} emptyText={emptyText} loaderPadding={0} />
      </Center>
    );
  }
  return (
    <>
      {query.isPending && (
        <Center py={loaderPadding}>
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
