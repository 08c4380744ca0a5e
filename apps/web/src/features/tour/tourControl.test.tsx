// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { API } from '@rushes/shared';
import { PATHS } from '../../app/paths.ts';
import { qc } from '../../test/queryClient.ts';
import { freshProvidersPerTest, routedWrapper, settle } from '../../test/renderWithProviders.tsx';
import { shellKeys } from '../shell/api.ts';
import { useRestartTour } from './tourControl.ts';

let fetchMock: ReturnType<typeof vi.fn>;
const wrapper = routedWrapper('/account');
const render = () =>
  renderHook(() => ({ restart: useRestartTour(), path: useLocation().pathname }), { wrapper });

freshProvidersPerTest({ client: { defaultOptions: { mutations: { retry: false } } } });
beforeEach(() => {
  qc.setQueryData(shellKeys.tour, { show_tour: false });
});

describe('useRestartTour', () => {
  it('asks the server to forget the tour, keeps its answer and goes home', async () => {
    fetchMock = vi.fn(
      async () => new Response(JSON.stringify({ response: true, data: { show_tour: true } })),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { result } = render();
    act(() => result.current.restart());
    await vi.waitFor(() => expect(qc.getQueryData(shellKeys.tour)).toEqual({ show_tour: true }));
    await settle();
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(API.shell.productTour);
    expect(JSON.parse(String(init.body))).toEqual({ completed: false });
    expect(result.current.path).toBe(PATHS.home);
  });

  it('stays where it is, the tour unchanged, when the server fails', async () => {
    fetchMock = vi.fn(async () => new Response('', { status: 500 }));
    vi.stubGlobal('fetch', fetchMock);
    const { result } = render();
    act(() => result.current.restart());
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await settle();
    expect(qc.getQueryData(shellKeys.tour)).toEqual({ show_tour: false });
    expect(result.current.path).toBe('/account');
  });
});
