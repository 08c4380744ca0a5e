import { MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { MSG, UI } from '@rushes/shared';
import { useAssetPages } from '../assets/api.ts';

export type ShareFile = { ingest_db_id: string; title: string };

/**
 * The files a share from a task sends (a task holds no asset of its own): the project's root files,
 * or the project-wide search as the user types ('Search Assets'); folders are not shared.
 */
export function ShareFilesPicker({
  projectDbId,
  value,
  onChange,
}: {
  projectDbId: string;
  value: ShareFile[];
  onChange: (files: ShareFile[]) => void;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const pages = useAssetPages(projectDbId, null, debounced);
  const found = useMemo(
    () =>
      (pages.data?.pages[0]?.items ?? [])
        .filter((a) => !a.is_folder)
        .map((a) => ({ ingest_db_id: a.ingest_db_id, title: a.title })),
    [pages.data],
  );
  // the chosen files stay among the options, so their chips keep their names while another search shows
  const known = useMemo(() => {
    const all = new Map([...value, ...found].map((f) => [f.ingest_db_id, f]));
    return [...all.values()];
  }, [value, found]);
  return (
    <MultiSelect
      label={UI.shareFiles}
      placeholder={UI.searchAssets}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // the server searched already: every answer it gave is shown
      filter={({ options }) => options}
      nothingFoundMessage={pages.isFetching ? undefined : MSG.noResultsFound}
      data={known.map((f) => ({ value: f.ingest_db_id, label: f.title }))}
      value={value.map((f) => f.ingest_db_id)}
      onChange={(ids) => onChange(ids.map((id) => known.find((f) => f.ingest_db_id === id)!))}
    />
  );
}
