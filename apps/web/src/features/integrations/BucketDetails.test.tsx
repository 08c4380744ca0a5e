// @vitest-environment happy-dom
import { act, fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { INTEGRATION_TEXT as T, bucketIntegration, type BucketIntegration } from '@rushes/shared';
import { integrationsRoutes as R } from '@rushes/shared/routes/integrations';
import { qc } from '../../test/queryClient.ts';
import { freshProvidersPerTest, renderWithProviders, settle } from '../../test/renderWithProviders.tsx';
import { integrationKeys } from './api.ts';
import { BucketDetails } from './BucketDetails.tsx';

const ID = '6f1c2d3e-4a5b-4c6d-8e7f-8091a2b3c4d5';
const integration = (over: Partial<BucketIntegration> = {}): BucketIntegration =>
  bucketIntegration.parse({
    s3_integration_db_id: ID,
    integration_db_id: ID,
    service: 's3',
    region: 'ap-south-1',
    endpoint: null,
    input_bucket: 'in',
    input_bucket_folder: null,
    output_bucket: 'out',
    output_bucket_folder: null,
    create_date_folders: false,
    aws_config: { region: 'ap-south-1', region_name: 'Mumbai' },
    input_folder_path: 'in/',
    output_folder_path: 'out/',
    input_bucket_policy: null,
    output_bucket_policy: null,
    bucket_policy: null,
    auth_mode: 'keys',
    role_arn: null,
    access_key_hint: 'WXYZ',
    status: 'Pending',
    status_detail: null,
    created_at: '2026-01-01T00:00:00.000Z',
    ...over,
  });

/** The test route's answers are released by the test; the detail's refetch never answers. */
const tests: ((res: Response) => void)[] = [];
const urls = () => fetchMock.mock.calls.map(([url]) => String(url).split('?')[0]);
let fetchMock: ReturnType<typeof vi.fn>;

freshProvidersPerTest({
  client: { defaultOptions: { mutations: { retry: false }, queries: { staleTime: Infinity } } },
});
beforeEach(() => {
  qc.setQueryData(integrationKeys.detail('s3', ID), integration());
  qc.setQueryData(integrationKeys.list('s3', 't1'), [integration()]);
  tests.length = 0;
  fetchMock = vi.fn((url: string) =>
    url.startsWith(R.s3Test.path)
      ? new Promise<Response>((resolve) => tests.push(resolve))
      : new Promise<Response>(() => {}),
  );
  vi.stubGlobal('fetch', fetchMock);
});

describe('BucketDetails: Test connection', () => {
  it('shows the checks, caches the integration the test answered and refreshes the lists', async () => {
    renderWithProviders(<BucketDetails service="s3" id={ID} canManage onDeleted={() => {}} />);
    expect(screen.getByTestId('integration-status').textContent).toBe('Pending');
    fireEvent.click(screen.getByRole('button', { name: T.testConnection }));
    await settle();
    expect(urls()).toEqual([R.s3Test.path]);

    const tested = integration({ status: 'Integrated' });
    const checks = [
      { name: 'HeadBucket', bucket: 'in', ok: true, message: 'ok' },
      { name: 'PutObject', bucket: 'out', ok: false, message: 'Access denied' },
    ];
    await act(async () =>
      tests.shift()?.(
        new Response(
          JSON.stringify({ response: true, data: { status: 'Integrated', checks, integration: tested } }),
        ),
      ),
    );
    await settle();
    expect(qc.getQueryData(integrationKeys.detail('s3', ID))).toEqual(tested);
    expect(screen.getByTestId('integration-status').textContent).toBe('Integrated');
    expect(screen.getByText('PutObject out: Access denied')).toBeTruthy();
    // every integration query is stale now; the detail on screen is asked for again
    expect(qc.getQueryState(integrationKeys.list('s3', 't1'))?.isInvalidated).toBe(true);
    expect(urls()).toContain(R.s3Detail.path);
  });
});

describe('BucketDetails: a member who is not the team admin', () => {
  it('shows the details without Test connection or Delete', async () => {
    renderWithProviders(<BucketDetails service="s3" id={ID} canManage={false} onDeleted={() => {}} />);
    await settle();
    expect(screen.getByText('out/')).toBeTruthy();
    expect(screen.queryByRole('button', { name: T.testConnection })).toBeNull();
    expect(screen.queryByRole('button', { name: T.delete })).toBeNull();
  });
});
