import { act } from '@testing-library/react';
import { vi } from 'vitest';
import { settle } from './renderWithProviders.tsx';

const held: ((res: Response) => void)[] = [];

/**
 * Stubs fetch with one whose calls wait for the test to answer them (`answer`), oldest first, so a
 * pending form can be looked at meanwhile. Answers the mock; vi.unstubAllGlobals undoes it.
 */
export function holdFetch(): ReturnType<typeof vi.fn> {
  held.length = 0;
  const fetchMock = vi.fn(() => new Promise<Response>((resolve) => held.push(resolve)));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Answers the oldest held call with `body` as JSON, then lets TanStack Query tell the component. */
export const answer = async (status: number, body: unknown) => {
  await act(async () => held.shift()?.(new Response(JSON.stringify(body), { status })));
  await settle();
};
