/**
 * A container's restartPolicy and restartPolicyRules as the API server of a release takes them
 * (container restart rules, KEP-5307): refused with its validation error, dropped when
 * ContainerRestartRules is off (a note says so), or kept. Read in
 * pkg/apis/core/validation/validation.go validateContainerRestartPolicy,
 * validateInitContainerRestartPolicy and validateContainers (v1.28.3-v1.36.3) and
 * pkg/api/pod/util.go dropContainerRestartRules (v1.34.2-v1.36.3); the error texts are
 * apimachinery's field errors (field/errors.go: 1.36 reports a long list with TooMany, 1.34 and
 * 1.35 with TooLong's "bytes").
 */
import type { ContainerSpec, PodManifest, Scenario } from './schema';
import { minorNumber, type KubeletVersionName } from '../versions/names';
import { profileOf } from '../versions/changelog/profile';

type Problem = (path: string, message: string) => void;

const gateOn = (s: Scenario, gate: string): boolean => {
  const state = profileOf(s.node.kubeletVersion).gates[gate];
  return s.node.kubelet.featureGates?.[gate] ?? state?.default ?? false;
};

/** Whether the container says anything the restart rules bring (on an init container: not plain Always). */
function asksRules(c: ContainerSpec, init: boolean): boolean {
  if (c.restartPolicyRules !== undefined) return true;
  if (c.restartPolicy === undefined) return false;
  return !init || c.restartPolicy !== 'Always';
}

const quoted = (xs: readonly string[]) => xs.map((x) => JSON.stringify(x)).join(', ');

/** field.TooLong (1.34, 1.35) or field.TooMany (1.36 on) for a list over `max`. */
function tooMany(v: KubeletVersionName, n: number, max: number): string {
  return minorNumber(v) >= 36
    ? `Too many: ${n}: must have at most ${max} items`
    : `Too long: may not be more than ${max} bytes`;
}

/** validateContainerRestartPolicy's errors (gate on), as field path and body. */
function apiErrors(
  v: KubeletVersionName,
  c: ContainerSpec,
  init: boolean,
  allowRestartAll: boolean,
): { field: string; body: string }[] {
  const out: { field: string; body: string }[] = [];
  const rules = c.restartPolicyRules ?? [];
  if (init && c.restartPolicy === undefined) {
    // 1.34's validateInitContainerRestartPolicy returned at once without a restartPolicy.
    if (rules.length > 0 && minorNumber(v) >= 35)
      out.push({
        field: 'restartPolicy',
        body: 'Required value: must specify restartPolicy when restart rules are used',
      });
    return out;
  }
  // A sidecar's rules need the RestartAllContainers gate (which also allows them on sidecars).
  if (init && c.restartPolicy === 'Always' && !allowRestartAll) {
    if (rules.length > 0)
      out.push({
        field: 'restartPolicyRules',
        body: 'Forbidden: restartPolicyRules are not allowed for init containers with restart policy Always',
      });
    return out;
  }
  if (c.restartPolicy === undefined && rules.length > 0)
    out.push({
      field: 'restartPolicy',
      body: 'Required value: must specify restartPolicy when restart rules are used',
    });
  if (rules.length > 20)
    out.push({ field: 'restartPolicyRules', body: tooMany(v, rules.length, 20) });
  const actions = allowRestartAll ? ['Restart', 'RestartAllContainers'] : ['Restart'];
  rules.forEach((r, i) => {
    const at = `restartPolicyRules[${i}]`;
    if (!actions.includes(r.action))
      out.push({
        field: `${at}.action`,
        body: `Unsupported value: ${JSON.stringify(r.action)}: supported values: ${quoted(actions)}`,
      });
    if (!r.exitCodes) {
      out.push({ field: `${at}.exitCodes`, body: 'Required value: must be specified' });
      return;
    }
    if (r.exitCodes.operator !== 'In' && r.exitCodes.operator !== 'NotIn')
      out.push({
        field: `${at}.exitCodes.operator`,
        body: `Unsupported value: ${JSON.stringify(r.exitCodes.operator)}: supported values: "In", "NotIn"`,
      });
    const n = r.exitCodes.values?.length ?? 0;
    if (n > 255) out.push({ field: `${at}.exitCodes.values`, body: tooMany(v, n, 255) });
  });
  return out;
}

/**
 * The problems of one container's restartPolicy/restartPolicyRules on release `v` (not 1.3),
 * and the note when the API server drops them.
 */
export function restartRulesProblems(
  s: Scenario,
  m: PodManifest,
  c: ContainerSpec,
  list: 'containers' | 'initContainers',
  i: number,
  path: string,
  no: Problem,
): void {
  const v = s.node.kubeletVersion;
  const init = list === 'initContainers';
  if (v === '1.3' || !asksRules(c, init)) return;
  const field = c.restartPolicyRules !== undefined ? 'restartPolicyRules' : 'restartPolicy';
  const invalid = (f: string, body: string) =>
    no(`${path}.${f}`, `The Pod "${m.metadata.name}" is invalid: spec.${list}[${i}].${f}: ${body}`);
  const minor = minorNumber(v);
  if (minor < 34) {
    // Before 1.34 the API has no rules; from 1.28 a container's restartPolicy exists for
    // native sidecars only.
    if (minor >= 28 && c.restartPolicyRules === undefined) {
      if (init)
        invalid(
          'restartPolicy',
          `Unsupported value: ${JSON.stringify(c.restartPolicy)}: supported values: "Always"`,
        );
      else invalid('restartPolicy', 'Forbidden: may not be set for non-init containers');
      return;
    }
    no(
      `${path}.${field}`,
      `kubelet ${v} does not have this: container restart rules (a container's own restartPolicy and restartPolicyRules, KEP-5307) arrived in 1.34`,
    );
    return;
  }
  // With the gate off the API server drops them before validation (versionNotes says so).
  if (!gateOn(s, 'ContainerRestartRules')) return;
  const allowAll = gateOn(s, 'RestartAllContainersOnContainerExits');
  const errors = apiErrors(v, c, init, allowAll);
  for (const e of errors) invalid(e.field, e.body);
  // Valid: modelled (regular, init and sidecar containers; RestartAllContainers with its gate).
}

/**
 * The note for a container whose restartPolicy/restartPolicyRules the API server drops
 * (dropContainerRestartRules: ContainerRestartRules off on 1.34+), or undefined.
 */
export function restartRulesDropped(
  s: Scenario,
  c: ContainerSpec,
  init: boolean,
  path: string,
): string | undefined {
  const v = s.node.kubeletVersion;
  if (v === '1.3' || minorNumber(v) < 34 || !asksRules(c, init)) return undefined;
  if (gateOn(s, 'ContainerRestartRules')) return undefined;
  const state = profileOf(v).gates.ContainerRestartRules;
  const stage = state ? `${state.stage}, off by default` : 'off';
  const what = init
    ? 'the container runs as the init container it would be without them'
    : "the pod's restartPolicy decides its restarts";
  return `${path}: restartPolicy and restartPolicyRules are dropped by the API server: kubelet ${v}'s ContainerRestartRules is off (${stage}; set node.kubelet.featureGates.ContainerRestartRules: true), so ${what}`;
}
