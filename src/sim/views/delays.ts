/**
 * A machine instance's named delay (setup({ delays })) in milliseconds, as the engine would
 * compute it in the world after some step: the delay's implementation run with the instance's
 * context and the kubelet's read-only view of that world (what guards and delays read).
 * For the statechart views' "after 120 ms" labels. Null when the instance or the delay is
 * unknown, or the delay needs the triggering event.
 */
import { setGuardView } from '../runner/guardView';
import type { World } from '../runner/types';
import { kubeletViewOf } from '../kubelet/view';
import type { KubeletDomain } from '../kubelet/types';
import { machinesOf } from '../machines/catalog';
import type { SimulationRun } from '../simulate';

export function namedDelayMs(
  run: SimulationRun,
  world: World<KubeletDomain>,
  instanceId: string,
  delay: string,
): number | null {
  const inst = world.machines[instanceId];
  const machine = inst ? machinesOf(run)[inst.kind] : undefined;
  if (!inst?.snapshot || !machine) return null;
  const impl = (machine.implementations.delays as Record<string, unknown>)[delay];
  if (typeof impl === 'number') return impl;
  if (typeof impl !== 'function') return null;
  const context: unknown = inst.snapshot.context;
  setGuardView(kubeletViewOf(run.config)(world));
  try {
    const v: unknown = (impl as (a: unknown, p: unknown) => unknown)(
      { context, event: { type: '' } },
      undefined,
    );
    return typeof v === 'number' && Number.isFinite(v) ? v : null;
  } catch {
    return null;
  } finally {
    // Outside an engine step there is no view: guards run by model tests must keep failing.
    setGuardView(undefined);
  }
}
