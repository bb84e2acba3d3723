/**
 * A machine's shared state config with a release's delta: the states the delta names replace
 * the shared ones (undefined removes one), the others are kept as they are. Machines that vary
 * by release are built from one config this way, not copied.
 */
export function withStates<C extends { readonly states: object }>(
  config: C,
  delta: Readonly<Record<string, object | undefined>>,
): C {
  const states: Record<string, unknown> = { ...config.states };
  for (const [name, state] of Object.entries(delta)) {
    if (state === undefined) delete states[name];
    else states[name] = state;
  }
  return { ...config, states };
}
