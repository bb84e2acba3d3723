/**
 * A result type for operations that can fail the way the kubelet fails: the error carries the
 * kubelet's own message text, so callers can show it verbatim. Pure data, JSON-able.
 */
export type Result<T, E = string> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: E };

/** Wraps a success value. */
export function ok<T>(value: T): { readonly ok: true; readonly value: T } {
  return { ok: true, value };
}

/** Wraps an error value. */
export function err<E>(error: E): { readonly ok: false; readonly error: E } {
  return { ok: false, error };
}

/** Returns the value or throws with the error text; for tests and for inputs already validated. */
export function unwrap<T, E>(r: Result<T, E>): T {
  if (r.ok) return r.value;
  const e = r.error as unknown;
  const text =
    typeof e === 'string'
      ? e
      : typeof e === 'object' && e !== null && 'message' in e
        ? String(e.message)
        : JSON.stringify(e);
  throw new Error(text);
}
