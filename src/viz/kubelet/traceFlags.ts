/**
 * What each entity and each trace string is, looked up once for loops over a run's steps
 * (~65k on the 110-pod node) that would otherwise read the entity's kind or compare the
 * step's strings at every step.
 */
import { type Trace } from '../../sim';

/** The role of an entity missing from the list (a hole). */
export const NO_ENTITY = 255;

/** Each entity's role (a small number), by entity index. */
export function entityRoles(
  entities: Trace['entities'],
  roleOf: (kind: string) => number,
): Uint8Array {
  const out = new Uint8Array(entities.length).fill(NO_ENTITY);
  entities.forEach((e, i) => {
    if (e) out[i] = roleOf(e.kind);
  });
  return out;
}

/** 1 for each trace string that `test` holds for, by string index. */
export function stringFlags(strings: readonly string[], test: (s: string) => boolean): Uint8Array {
  const out = new Uint8Array(strings.length);
  strings.forEach((s, i) => {
    if (test(s)) out[i] = 1;
  });
  return out;
}
