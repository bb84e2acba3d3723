/** cpuManager.reconcileState: removeStaleState over the active pods, every reconcile period. */
import type { EffectHandler } from '../../runner/types';
import { activePods } from '../admission';
import { cpuSnapshot, reconcile } from '../cpuManagerBridge';
import type { Env } from '../env';
import { CPU_MANAGER } from '../ids';
import type { KubeletDomain } from '../types';

type H = EffectHandler<KubeletDomain>;

export function cpuManagerEffects(env: Env): Record<string, H> {
  const { cfg } = env;
  const reconcileState: H = (api) => {
    api.send(CPU_MANAGER, { type: 'RECONCILE' }, cfg.cpuManagerReconcileMs);
    const d = api.domain;
    const rm = cfg.generations[d.gen]?.resourceManagers;
    if (!rm || !d.cpu) return;
    if (reconcile(rm, d.cpu, activePods(cfg, d))) api.record('cpuAssignments', cpuSnapshot(d.cpu));
  };
  return { reconcileState };
}
