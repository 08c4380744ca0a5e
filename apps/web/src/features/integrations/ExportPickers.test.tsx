// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { INTEGRATION_TEXT as T, INTEGRATIONS_API as P } from '@rushes/shared';
import { freshProvidersPerTest, renderWithProviders } from '../../test/renderWithProviders.tsx';
import { BucketPicker, FolderPicker, type ExportBucket } from './ExportPickers.tsx';

const TEAM = '6f1c2d3e-4a5b-4c6d-8e7f-8091a2b3c4d5';
const ID = '7a1c2d3e-4a5b-4c6d-8e7f-8091a2b3c4d5';
const entry = (i: number) => ({
  integration_db_id: ID,
  bucket: `b-${String(i).padStart(3, '0')}`,
  folder: '',
  side: 'output' as const,
  create_date_folders: false,
});
const answer = (data: unknown) =>
  Promise.resolve(new Response(JSON.stringify({ response: true, errormessage: '', data })));

/** What the pickers asked for: path and query of each call. */
let asked: URL[] = [];

freshProvidersPerTest({ client: { defaultOptions: { queries: { retry: false, staleTime: Infinity } } } });
beforeEach(() => {
  asked = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      const u = new URL(url, 'http://app');
      asked.push(u);
      const q = u.searchParams;
      if (u.pathname === P.s3Buckets) {
        // 101 buckets: a full page of 100, then one
        const page = Number(q.get('page_no'));
        const ids = page === 1 ? Array.from({ length: 100 }, (_, i) => i) : [100];
        return answer({ buckets: ids.map(entry), total_entries: 101 });
      }
      if (u.pathname === P.contidoBuckets) return answer({ buckets: [], total_entries: 0 });
      if (u.pathname === P.s3Folders) {
        const second = q.get('page_token') === 'next-1';
        return answer({
          folders: second ? [{ label: 'zulu', value: 'zulu' }] : [{ label: 'alpha', value: 'alpha' }],
          files: [],
          next_page_token: second ? null : 'next-1',
        });
      }
      return new Promise<Response>(() => {});
    }),
  );
});

describe('the export pickers page as the spec says (002 §7, §9)', () => {
  it('asks for the buckets 100 at a time and for the next page on Load more buckets', async () => {
    renderWithProviders(<BucketPicker teamDbId={TEAM} value={null} onChange={() => {}} />);
    fireEvent.click(await screen.findByRole('button', { name: T.loadMoreBuckets }));
    const first = asked.find((u) => u.pathname === P.s3Buckets)!;
    expect(first.searchParams.get('entries_per_page')).toBe('100');
    expect(first.searchParams.get('page_no')).toBe('1');
    expect(asked.some((u) => u.pathname === P.contidoBuckets)).toBe(true);
    await waitFor(() => expect(screen.queryByRole('button', { name: T.loadMoreBuckets })).toBeNull());
    const pages = asked.filter((u) => u.pathname === P.s3Buckets).map((u) => u.searchParams.get('page_no'));
    expect(pages).toEqual(['1', '2']);
    // all 101 came: no more to load, and the last one is offered
    const offered = screen.getAllByRole('option', { hidden: true }).map((o) => o.textContent);
    expect(offered).toHaveLength(101);
    expect(offered.at(-1)).toBe(`${T.amazonS3} · b-100`);
  });

  it('asks for the folders 500 at a time, follows the next page token, and opens a folder', async () => {
    const bucket: ExportBucket = { ...entry(1), service: 's3', key: 'k' };
    const onPath = vi.fn();
    renderWithProviders(<FolderPicker bucket={bucket} path="" onPath={onPath} />);
    const more = await screen.findByRole('button', { name: T.loadMoreFolders });
    const first = asked.find((u) => u.pathname === P.s3Folders)!;
    expect(first.searchParams.get('entries_per_page')).toBe('500');
    expect(first.searchParams.get('bucket')).toBe('b-001');
    expect(first.searchParams.get('page_token')).toBeNull();
    fireEvent.click(more);
    expect(await screen.findByRole('button', { name: 'zulu' })).toBeTruthy();
    expect(
      asked
        .filter((u) => u.pathname === P.s3Folders)
        .at(-1)!
        .searchParams.get('page_token'),
    ).toBe('next-1');
    expect(screen.getByRole('button', { name: 'alpha' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: T.loadMoreFolders })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'zulu' }));
    expect(onPath).toHaveBeenCalledWith('zulu');
  });
});
