// @vitest-environment happy-dom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_TYPE, AUTH_API, forgotPasswordBody, PUBLIC_MSG } from '@rushes/shared';
import { authRoutes } from '@rushes/shared/routes/auth';
import { useZodForm } from '../ui/useZodForm.ts';
import { ApiError } from './client.ts';
import { useFormCall } from './useFormCall.ts';

/** One server answer per call, each released by the test, so the pending state can be seen. */
function server() {
  const pending: ((res: Response) => void)[] = [];
  const fetch = vi.fn(() => new Promise<Response>((resolve) => pending.push(resolve)));
  vi.stubGlobal('fetch', fetch);
  const answer = (status: number, body: unknown) =>
    act(async () => pending.shift()?.(new Response(JSON.stringify(body), { status })));
  return { fetch, answer };
}

const ok = (data: unknown) => ({ response: true, data, errormessage: '' });

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('useFormCall', () => {
  it('is pending from the call until the answer, then holds it and calls onSuccess', async () => {
    const { fetch, answer } = server();
    const onSuccess = vi.fn();
    const onError = vi.fn();
    const { result } = renderHook(() => useFormCall(authRoutes.forgotPassword, { onSuccess, onError }));
    expect(result.current.isPending).toBe(false);

    act(() => result.current.mutate({ email: 'ann@example.com' }));
    expect(result.current.isPending).toBe(true);
    expect(result.current.data).toBeUndefined();
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(AUTH_API.forgotPassword);
    expect(init).toMatchObject({ method: 'POST', credentials: 'include' });
    expect(new Headers(init.headers).get('API-Type')).toBe(API_TYPE);
    expect(JSON.parse(String(init.body))).toEqual({ email: 'ann@example.com' });

    await answer(200, ok({ message: 'Link sent' }));
    expect(result.current.isPending).toBe(false);
    expect(result.current.data).toEqual({ message: 'Link sent' });
    expect(onSuccess).toHaveBeenCalledWith({ message: 'Link sent' });
    expect(onError).not.toHaveBeenCalled();
  });

  it("hands the server's error envelope to onError as an ApiError and ends pending", async () => {
    const { answer } = server();
    const onSuccess = vi.fn();
    const onError = vi.fn();
    const { result } = renderHook(() => useFormCall(authRoutes.forgotPassword, { onSuccess, onError }));
    act(() => result.current.mutate({ email: 'ann@example.com' }));
    await answer(429, { response: false, data: null, errormessage: 'Too many tries', errorcode: 429 });
    expect(result.current.isPending).toBe(false);
    expect(onSuccess).not.toHaveBeenCalled();
    const error = onError.mock.calls[0][0] as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Too many tries', errorcode: 429, status: 429 });
  });

  it('reports a lost connection as the generic failure', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    const onError = vi.fn();
    const { result } = renderHook(() => useFormCall(authRoutes.forgotPassword, { onError }));
    act(() => result.current.mutate({ email: 'ann@example.com' }));
    await waitFor(() => expect(onError).toHaveBeenCalled());
    expect(onError.mock.calls[0][0]).toMatchObject({ message: PUBLIC_MSG.somethingWentWrong, status: 0 });
    expect(result.current.isPending).toBe(false);
  });

  it('calls the callbacks of the latest render, not those of the render that submitted', async () => {
    const { answer } = server();
    const first = vi.fn();
    const latest = vi.fn();
    const { result, rerender } = renderHook(
      ({ onSuccess }) => useFormCall(authRoutes.forgotPassword, { onSuccess, onError: vi.fn() }),
      { initialProps: { onSuccess: first } },
    );
    act(() => result.current.mutate({ email: 'ann@example.com' }));
    rerender({ onSuccess: latest });
    await answer(200, ok({ message: 'Link sent' }));
    expect(first).not.toHaveBeenCalled();
    expect(latest).toHaveBeenCalledOnce();
  });

  it('keeps mutate the same function across renders (safe in effects and memoised handlers)', () => {
    server();
    const { result, rerender } = renderHook(() =>
      useFormCall(authRoutes.forgotPassword, { onSuccess: () => {}, onError: () => {} }),
    );
    const mutate = result.current.mutate;
    rerender();
    expect(result.current.mutate).toBe(mutate);
  });
});

describe('useFormCall with useZodForm: the server envelope on the form', () => {
  it("shows data.errors on their fields and an unknown field's message on the form", async () => {
    const { answer } = server();
    const { result } = renderHook(() => {
      const form = useZodForm(forgotPasswordBody, { email: '' });
      const send = useFormCall(authRoutes.forgotPassword, {
        onError: (error) => {
          if (!form.applyServerErrors(error)) throw error;
        },
      });
      return { form, send };
    });
    act(() => result.current.form.setValue('email', 'ann@example.com'));
    act(() => {
      const body = result.current.form.validate();
      if (body) result.current.send.mutate(body);
    });
    expect(result.current.send.isPending).toBe(true);
    await answer(422, {
      response: false,
      errormessage: 'Check the form',
      errorcode: 422,
      data: { errors: { email: 'No account uses this e-mail', captcha: 'Try again' } },
    });
    expect(result.current.form.errors).toEqual({ email: 'No account uses this e-mail' });
    expect(result.current.form.formError).toBe('Try again');
    expect(result.current.form.field('email').error).toBe('No account uses this e-mail');
    expect(result.current.send.isPending).toBe(false);

    // typing again clears that field's error and the form's
    act(() => result.current.form.setValue('email', 'ann@example.org'));
    expect(result.current.form.errors.email).toBeUndefined();
    expect(result.current.form.formError).toBeNull();
  });

  it('an invalid form never reaches the server', () => {
    const { fetch } = server();
    const { result } = renderHook(() => ({
      form: useZodForm(forgotPasswordBody, { email: '' }),
      send: useFormCall(authRoutes.forgotPassword, { onError: vi.fn() }),
    }));
    act(() => result.current.form.setValue('email', 'not an e-mail'));
    act(() => {
      const body = result.current.form.validate();
      if (body) result.current.send.mutate(body);
    });
    expect(fetch).not.toHaveBeenCalled();
    expect(result.current.form.errors.email).toBeTruthy();
    expect(result.current.send.isPending).toBe(false);
  });
});
