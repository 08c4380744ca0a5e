import { useCallback, useEffect, useRef, useState, type ChangeEvent } from 'react';
import type { z } from 'zod';
import { fieldErrorsOf } from '../api/client.ts';
import { whenIdle } from './whenIdle.ts';

type Errors<K extends string> = Partial<Record<K, string>>;

/**
 * The form's schema, or a loader of it: a page that must paint before zod arrives (the public
 * pages; zod is about 25 KB gzipped) passes `() => import(…)`, loaded once the page has painted,
 * and submits through `validateAsync`.
 */
export type SchemaSource<Out> = z.ZodType<Out> | (() => Promise<z.ZodType<Out>>);

/**
 * A small form state over one shared zod schema (DESIGN §1 contract): runs the schema on submit
 * and maps zod issues to field errors; server field errors (data.errors) land the same way.
 * A form-level error (e.g. the server's errormessage shown inline) clears when the user types.
 */
export function useZodForm<K extends string, Out>(source: SchemaSource<Out>, initial: Record<K, string>) {
  const sourceRef = useRef(source);
  const [loaded, setLoaded] = useState<z.ZodType<Out> | null>(typeof source === 'function' ? null : source);
  useEffect(() => {
    const load = sourceRef.current;
    if (typeof load !== 'function') return;
    let live = true;
    // after the first paint: a submit before then loads it itself (validateAsync)
    const cancel = whenIdle(() => void load().then((schema) => live && setLoaded(() => schema)));
    return () => {
      live = false;
      cancel();
    };
  }, []);
  const [values, setValues] = useState<Record<K, string>>(initial);
  const [errors, setErrors] = useState<Errors<K>>({});
  const [formError, setFormError] = useState<string | null>(null);
  /** True once the user changed a field since the last fill: fresh data must not overwrite it. */
  const [dirty, setDirtyState] = useState(false);
  const dirtyRef = useRef(false);
  const setDirty = useCallback((next: boolean) => {
    dirtyRef.current = next;
    setDirtyState(next);
  }, []);

  const setValue = (name: K, value: string) => {
    setDirty(true);
    setValues((prev) => ({ ...prev, [name]: value }));
    setErrors((prev) => (prev[name] ? { ...prev, [name]: undefined } : prev));
    setFormError(null);
  };

  /** Props for a Mantine text/password input bound to one field. */
  const field = (name: K) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => setValue(name, event.currentTarget.value),
  });

  /** Parsed values, or null with the errors shown. Needs the schema itself (not a loader). */
  const validate = (extra: Record<string, unknown> = {}): Out | null => {
    const schema = loaded;
    if (!schema) throw new Error('useZodForm: the schema is still loading; submit through validateAsync');
    return check(schema, extra);
  };

  /** validate, once the schema (or its loader) is there. */
  const validateAsync = async (extra: Record<string, unknown> = {}): Promise<Out | null> => {
    const current = sourceRef.current;
    const schema = loaded ?? (typeof current === 'function' ? await current() : current);
    return check(schema, extra);
  };

  const check = (schema: z.ZodType<Out>, extra: Record<string, unknown>): Out | null => {
    const result = schema.safeParse({ ...values, ...extra });
    if (result.success) {
      setErrors({});
      return result.data;
    }
    const next: Errors<K> = {};
    let general: string | null = null;
    for (const issue of result.error.issues) {
      const key = issue.path.map(String).join('.');
      if (key in values) {
        if (!next[key as K]) next[key as K] = issue.message;
      } else if (!general) {
        general = issue.message;
      }
    }
    setErrors(next);
    setFormError(general);
    return null;
  };

  /** Show data.errors of a failed call on its fields; false when the error has none. */
  const applyServerErrors = (error: unknown): boolean => {
    const serverErrors = fieldErrorsOf(error);
    if (!serverErrors) return false;
    const next: Errors<K> = {};
    let general: string | null = null;
    for (const [key, message] of Object.entries(serverErrors)) {
      if (key in values) next[key as K] = message;
      else general ??= message;
    }
    setErrors(next);
    setFormError(general);
    return true;
  };

  const reset = () => {
    setValues(initial);
    setErrors({});
    setFormError(null);
    setDirty(false);
  };

  /**
   * Fill the form from fresh data (a realtime refetch, a saved answer). Skipped while the user is
   * editing (dirty) unless forced, so typed text is never lost; a forced fill marks the form clean.
   */
  const refill = useCallback(
    (next: Record<K, string>, force = false) => {
      if (dirtyRef.current && !force) return;
      setValues(next);
      setErrors({});
      setDirty(false);
    },
    [setDirty],
  );

  return {
    values,
    errors,
    formError,
    dirty,
    setFormError,
    setValue,
    field,
    validate,
    validateAsync,
    applyServerErrors,
    reset,
    refill,
  };
}
