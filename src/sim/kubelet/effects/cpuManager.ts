/** cpuManager.reconcileState: removeStaleState over the active pods, every reconcile period. */
import type { cpuManagerMachine } from '../../machines/cpuManager.machine';
import type { EffectsOf } from '../../runner/types';
import { activePods } from '../admission';
import { cpuSnapshot, reconcile } from '../cpuManagerBridge';
import type { Env } from '../env';
import { CPU_MANAGER } from '../ids';
import type { KubeletDomain } from '../types';

export function cpuManagerEffects(env: Env): EffectsOf<typeof cpuManagerMachine, KubeletDomain> {
  const { cfg } = env;
  const reconcileState: EffectsOf<typeof cpuManagerMachine, KubeletDomain>['reconcileState'] = (
    api,
  ) => {
    api.send(CPU_MANAGER, { type: 'RECONCILE' }, cfg.cpuManagerReconcileMs);
    const d = api.domain;
    const rm = cfg.generations[d.gen]?.resourceManagers;
    if (!rm || !d.cpu) return;
    if (reconcile(rm, d.cpu, activePods(cfg, d))) api.record('cpuAssignments', cpuSnapshot(d.cpu));
  };
  return { reconcileState };
}
