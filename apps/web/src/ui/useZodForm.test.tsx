// @vitest-environment happy-dom
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ChangeEvent } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { MSG, resetPasswordBody } from '@rushes/shared';
import { ApiError } from '../api/client.ts';
import { useZodForm } from './useZodForm.ts';

const schema = z.object({
  name: z.string().min(1, 'Name is required'),
  age: z.coerce.number().int('Whole years').min(18, 'Adults only'),
  code: z
    .string()
    .length(4, 'Four characters')
    .regex(/^[a-z]*$/, 'Lower-case letters'),
});
const empty = { name: '', age: '', code: '' };

const render = () => renderHook(() => useZodForm(schema, empty));
const typed = (value: string) => ({ currentTarget: { value } }) as ChangeEvent<HTMLInputElement>;
const serverError = (errors: Record<string, unknown>) =>
  new ApiError('Check the form', 422, { errors }, 422, '/api/x');

afterEach(cleanup);

describe('useZodForm: validation', () => {
  it('shows each failing field its first message and answers null', () => {
    const { result } = render();
    let out: unknown;
    act(() => {
      result.current.setValue('age', '12.5');
      // fails two rules: the first one's message is shown
      result.current.setValue('code', 'AB');
    });
    act(() => {
      out = result.current.validate();
    });
    expect(out).toBeNull();
    expect(result.current.errors).toEqual({
      name: 'Name is required',
      age: 'Whole years',
      code: 'Four characters',
    });
    expect(result.current.field('age')).toMatchObject({ name: 'age', value: '12.5', error: 'Whole years' });
    expect(result.current.formError).toBeNull();
  });

  it('answers the parsed values and clears the errors once valid', () => {
    const { result } = render();
    act(() => {
      result.current.setValue('name', 'Ann');
      result.current.setValue('age', '30');
      result.current.setValue('code', 'abcd');
    });
    // an error the user has not typed over since (the server's)
    act(() => void result.current.applyServerErrors(serverError({ name: 'Taken' })));
    expect(result.current.errors).toEqual({ name: 'Taken' });
    let out: unknown;
    act(() => {
      out = result.current.validate();
    });
    expect(out).toEqual({ name: 'Ann', age: 30, code: 'abcd' });
    expect(result.current.errors).toEqual({});
  });

  it("puts a refinement's message on the field it names (passwords that differ)", () => {
    const { result } = renderHook(() =>
      useZodForm(resetPasswordBody, { new_password: '', confirm_new_password: '' }),
    );
    act(() => {
      result.current.setValue('new_password', 'Str0ng!password');
      result.current.setValue('confirm_new_password', 'Str0ng!passworx');
    });
    act(() => void result.current.validate({ token: 'x'.repeat(32) }));
    expect(result.current.errors).toEqual({ confirm_new_password: MSG.passwordMismatch });
  });

  it('shows an issue of a value that is no field (`extra`) on the form', () => {
    const { result } = renderHook(() =>
      useZodForm(z.object({ email: z.string(), invite_code: z.string().min(3, 'Bad invite') }), {
        email: 'a@b.c',
      }),
    );
    act(() => void result.current.validate({ invite_code: 'x' }));
    expect(result.current.errors).toEqual({});
    expect(result.current.formError).toBe('Bad invite');
  });

  it('typing into a field clears its error and the form error, and marks the form dirty', () => {
    const { result } = render();
    act(() => void result.current.validate());
    act(() => result.current.setFormError('Wrong password'));
    expect(result.current.dirty).toBe(false);
    act(() => result.current.field('name').onChange(typed('A')));
    expect(result.current.values.name).toBe('A');
    expect(result.current.errors.name).toBeUndefined();
    expect(result.current.errors.code).toBe('Four characters');
    expect(result.current.formError).toBeNull();
    expect(result.current.dirty).toBe(true);
  });
});

describe('useZodForm: a schema loaded later', () => {
  it('validate refuses before the schema is there; validateAsync loads it', async () => {
    const load = vi.fn(async () => schema);
    const { result } = renderHook(() => useZodForm(load, empty));
    expect(() => result.current.validate()).toThrow(/validateAsync/);
    act(() => {
      result.current.setValue('name', 'Ann');
      result.current.setValue('age', '40');
      result.current.setValue('code', 'wxyz');
    });
    let out: unknown;
    await act(async () => {
      out = await result.current.validateAsync();
    });
    expect(out).toEqual({ name: 'Ann', age: 40, code: 'wxyz' });
    expect(load).toHaveBeenCalled();
  });

  it('validateAsync shows errors like validate', async () => {
    const { result } = renderHook(() => useZodForm(async () => schema, empty));
    await act(async () => void (await result.current.validateAsync()));
    expect(result.current.errors.name).toBe('Name is required');
  });
});

describe('useZodForm: the server’s errors', () => {
  it('maps data.errors to the fields, and a message for no field to the form', () => {
    const { result } = render();
    let shown = false;
    act(() => {
      shown = result.current.applyServerErrors(
        serverError({ name: 'Taken', code: 'Expired', 'billing.gst': 'Bad GST', other: 'First general' }),
      );
    });
    expect(shown).toBe(true);
    expect(result.current.errors).toEqual({ name: 'Taken', code: 'Expired' });
    expect(result.current.formError).toBe('Bad GST');
  });

  it('answers false, changing nothing, for an error without field errors', () => {
    const { result } = render();
    act(() => void result.current.validate());
    const before = result.current.errors;
    for (const error of [
      new Error('network'),
      new ApiError('Nope', 500, null, 500, '/api/x'),
      serverError({}),
      serverError({ name: 42 }),
    ]) {
      let shown = true;
      act(() => {
        shown = result.current.applyServerErrors(error);
      });
      expect(shown).toBe(false);
    }
    expect(result.current.errors).toEqual(before);
  });

  it('replaces the errors shown before with the server’s', () => {
    const { result } = render();
    act(() => void result.current.validate());
    act(() => void result.current.applyServerErrors(serverError({ age: 'Too young' })));
    expect(result.current.errors).toEqual({ age: 'Too young' });
  });
});

describe('useZodForm: reset and refill', () => {
  it('reset empties values, errors and the dirty mark', () => {
    const { result } = render();
    act(() => result.current.setValue('name', 'Ann'));
    act(() => void result.current.validate());
    act(() => result.current.reset());
    expect(result.current.values).toEqual(empty);
    expect(result.current.errors).toEqual({});
    expect(result.current.formError).toBeNull();
    expect(result.current.dirty).toBe(false);
  });

  it('refill fills a clean form but never overwrites what the user is typing, unless forced', () => {
    const { result } = render();
    const saved = { name: 'Saved', age: '20', code: 'abcd' };
    act(() => result.current.refill(saved));
    expect(result.current.values).toEqual(saved);
    act(() => result.current.setValue('name', 'Typing'));
    act(() => result.current.refill({ ...saved, name: 'Fresh' }));
    expect(result.current.values.name).toBe('Typing');
    act(() => result.current.refill({ ...saved, name: 'Forced' }, true));
    expect(result.current.values.name).toBe('Forced');
    expect(result.current.dirty).toBe(false);
    // clean again: the next fill goes through
    act(() => result.current.refill({ ...saved, name: 'Next' }));
    expect(result.current.values.name).toBe('Next');
  });
});
