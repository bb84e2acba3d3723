/**
 * A minor version as the changelog applied up to it: the feature gates it declares (stage,
 * default, lock), its behaviours and its kubectl describe layout. Function-free rows only, so
 * the page's checks can use it without the message tables. 1.3 (DockerManager, its own flow)
 * has no gate the model reads: it gets 1.18's starting point with nothing applied.
 */
import { type KubeletMinor, type KubeletVersionName, minorNumber } from '../names';
import { BEHAVIOURS_1_18, BEHAVIOUR_ROWS } from './behaviours';
import { DESCRIBE_1_18, DESCRIBE_ROWS } from './describe';
import { GATE_ROWS } from './gates';
import { POLICY_OPTION_ROWS } from './policyOptions';
import type {
  Behaviours,
  ChangelogRowBase,
  DescribeEra,
  GateStage,
  PolicyOptionChange,
} from './types';

export interface GateState {
  readonly stage: GateStage;
  readonly default: boolean;
  readonly locked: boolean;
  /** The release whose row gave this state. */
  readonly since: KubeletMinor;
}

export interface KubeletProfile {
  readonly version: KubeletVersionName;
  /** The gates the release declares (a removed one is absent). */
  readonly gates: Readonly<Record<string, GateState>>;
  readonly behaviours: Behaviours;
  readonly describe: DescribeEra;
  /** Each resource manager's policy options the release knows, with their maturity. */
  readonly policyOptions: Readonly<
    Record<PolicyOptionChange['manager'], Readonly<Record<string, PolicyOptionChange['maturity']>>>
  >;
}

/** Rows of releases up to and including `v`, in release order (1.3: none). */
export function rowsUpTo<R extends ChangelogRowBase>(
  rows: readonly R[],
  v: KubeletVersionName,
): R[] {
  const n = minorNumber(v);
  return rows
    .filter((r) => minorNumber(r.release) <= n)
    .sort((a, b) => minorNumber(a.release) - minorNumber(b.release));
}

const profiles = new Map<KubeletVersionName, KubeletProfile>();

export function profileOf(v: KubeletVersionName): KubeletProfile {
  let p = profiles.get(v);
  if (p) return p;
  const gates: Record<string, GateState> = {};
  for (const r of rowsUpTo(GATE_ROWS, v)) {
    const g = r.gate!;
    if (g.removed) delete gates[g.name];
    else
      gates[g.name] = {
        stage: g.stage,
        default: g.default,
        locked: g.locked === true,
        since: r.release,
      };
  }
  let behaviours: Behaviours = BEHAVIOURS_1_18;
  for (const r of rowsUpTo(BEHAVIOUR_ROWS, v)) behaviours = { ...behaviours, ...r.behaviour };
  let describe: DescribeEra = DESCRIBE_1_18;
  for (const r of rowsUpTo(DESCRIBE_ROWS, v)) describe = { ...describe, ...r.describe };
  const policyOptions = { cpu: {}, topology: {}, memory: {} } as Record<
    PolicyOptionChange['manager'],
    Record<string, PolicyOptionChange['maturity']>
  >;
  for (const r of rowsUpTo(POLICY_OPTION_ROWS, v))
    policyOptions[r.policyOption!.manager][r.policyOption!.name] = r.policyOption!.maturity;
  p = { version: v, gates, behaviours, describe, policyOptions };
  profiles.set(v, p);
  return p;
}

/**
 * The gates a run's kubelet has on: each declared gate's default, or the scenario's
 * `featureGates` value. A gate the release no longer declares counts as its last default
 * (GA and removed: on), so code reading it behaves as that release did.
 */
export function effectiveGates(
  p: KubeletProfile,
  set: Readonly<Record<string, boolean>> | undefined,
): Readonly<Record<string, boolean>> {
  const out: Record<string, boolean> = {};
  const n = minorNumber(p.version);
  // A gate the release does not know yet: its feature is not there (the code reads no gate).
  for (const r of GATE_ROWS) out[r.gate!.name] = false;
  for (const r of GATE_ROWS)
    if (minorNumber(r.release) <= n && r.gate!.removed) out[r.gate!.name] = r.gate!.default;
  for (const [name, g] of Object.entries(p.gates)) out[name] = set?.[name] ?? g.default;
  return out;
}

/** The first release that declares a gate, or undefined when no row names it. */
export function gateArrival(name: string): KubeletMinor | undefined {
  let first: KubeletMinor | undefined;
  for (const r of GATE_ROWS)
    if (r.gate!.name === name && (!first || minorNumber(r.release) < minorNumber(first)))
      first = r.release;
  return first;
}

/**
 * featureGates as the release's kubelet reads them (featuregate.Set): an unknown gate and a
 * locked one set against its lock are errors; each problem names the gate.
 */
export function gateProblems(
  p: KubeletProfile,
  set: Readonly<Record<string, boolean>> | undefined,
): { gate: string; message: string }[] {
  const out: { gate: string; message: string }[] = [];
  for (const [name, value] of Object.entries(set ?? {})) {
    const g = p.gates[name];
    if (!g) {
      const first = gateArrival(name);
      // A real gate the changelog does not name (the schema refuses made-up ones) is accepted,
      // and versionNotes lists it as not modelled.
      if (!first) continue;
      out.push({
        gate: name,
        message:
          minorNumber(first) > minorNumber(p.version)
            ? `unrecognized feature gate: ${name} (kubelet ${p.version} does not have it; it arrived in ${first})`
            : `unrecognized feature gate: ${name} (removed before kubelet ${p.version})`,
      });
    } else if (g.locked && value !== g.default)
      out.push({
        gate: name,
        message: `cannot set feature gate ${name} to ${value}, feature is locked to ${g.default}`,
      });
  }
  // featuregate.unsafeSetFromMap: only a set that went through is checked for dependencies.
  if (out.length === 0) out.push(...gateDependencyProblems(p, set));
  return out;
}

/**
 * defaultKubernetesFeatureGateDependencies (pkg/features/kube_features.go, added with
 * AddDependencies), for the gates the model reads: a gate that ends up enabled (set or by
 * default) with a dependency that ends up disabled is refused. Only the dependencies below
 * were read (v1.35.3 kube_features.go:2409, v1.36.3 kube_features.go:2651).
 */
const GATE_DEPENDENCIES: Readonly<Record<string, readonly string[]>> = {
  RestartAllContainersOnContainerExits: ['ContainerRestartRules', 'NodeDeclaredFeatures'],
};

function gateDependencyProblems(
  p: KubeletProfile,
  set: Readonly<Record<string, boolean>> | undefined,
): { gate: string; message: string }[] {
  const on = (name: string) => set?.[name] ?? p.gates[name]?.default ?? false;
  const out: { gate: string; message: string }[] = [];
  for (const [gate, deps] of Object.entries(GATE_DEPENDENCIES)) {
    if (!p.gates[gate] || !on(gate)) continue;
    const off = deps.filter((d) => !on(d));
    // Reported at the setting that made it so: the gate's, else the dependency turned off.
    const at = set?.[gate] !== undefined ? gate : (off.find((d) => set?.[d] !== undefined) ?? gate);
    if (off.length)
      out.push({
        gate: at,
        message: `${gate} is enabled, but depends on features that are disabled: [${off.join(' ')}]`,
      });
  }
  return out;
}
