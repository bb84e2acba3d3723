/**
 * The version seam: a kubelet version is a set of machines, the effects that sense and act for
 * them, and its plain engine processes, all looked up by kind. The engine runs whichever version
 * a run names; versions differ by these tables, never by `if (version ...)` inside shared effects.
 */
import type { AnyStateMachine } from 'xstate';
import type { MachineKind, ProcessKind } from '../../runner/types';
import type { KubeletRun } from '../config';
import type { KubeletDomain } from '../types';

export interface KubeletVersion {
  /** How scenarios and the CLI name it. */
  readonly name: string;
  /** The version's machine definitions by kind (what the statecharts panel draws). */
  readonly machines: Readonly<Record<string, AnyStateMachine>>;
  /** Each machine kind bound to its effects, and the processes, for one run. */
  kinds(run: KubeletRun): {
    machines: Record<string, MachineKind<KubeletDomain>>;
    processes: Record<string, ProcessKind<KubeletDomain>>;
  };
}
