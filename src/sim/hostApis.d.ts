/**
 * The only host APIs the engine uses, declared here because its typecheck (tsconfig.sim.json)
 * has no DOM lib: both exist in Node and in browsers, and neither touches the DOM, time or entropy.
 */
declare function structuredClone<T>(value: T): T;

declare class TextEncoder {
  encode(input?: string): Uint8Array;
}
