/**
 * "Add pod" in the scenario editor: a few pods as users write them, one per QoS
 * class and start-up shape. A new pod arrives at the cursor, so the run up to the
 * cursor is unchanged.
 */
import { validateScenario, toScenarioInput } from '../sim';
import type { Scenario } from './types';

export interface PodTemplate {
  readonly id: string;
  readonly label: string;
  /** The manifest in input form (as a user would write it), named `name`. */
  manifest(name: string): Record<string, unknown>;
}

const res = (cpu: string, memory: string, limitCpu = cpu, limitMemory = memory) => ({
  requests: { cpu, memory },
  limits: { cpu: limitCpu, memory: limitMemory },
});

export const POD_TEMPLATES: readonly PodTemplate[] = [
  {
    id: 'guaranteed',
    label: 'Guaranteed, 2 whole CPUs',
    manifest: (name) => ({
      metadata: { name, namespace: 'default' },
      spec: { containers: [{ name: 'app', image: 'nginx:1.27', resources: res('2', '256Mi') }] },
    }),
  },
  {
    id: 'burstable',
    label: 'Burstable (request below limit)',
    manifest: (name) => ({
      metadata: { name, namespace: 'default' },
      spec: {
        containers: [
          { name: 'app', image: 'nginx:1.27', resources: res('500m', '128Mi', '1', '256Mi') },
        ],
      },
    }),
  },
  {
    id: 'besteffort',
    label: 'BestEffort (no requests)',
    manifest: (name) => ({
      metadata: { name, namespace: 'default' },
      spec: { containers: [{ name: 'app', image: 'busybox:1.36', command: ['sleep', '3600'] }] },
    }),
  },
  {
    id: 'init',
    label: 'With an init container',
    manifest: (name) => ({
      metadata: { name, namespace: 'default' },
      spec: {
        initContainers: [
          { name: 'migrate', image: 'busybox:1.36', command: ['sh', '-c', 'echo migrate'] },
        ],
        containers: [{ name: 'app', image: 'nginx:1.27', resources: res('250m', '128Mi') }],
      },
    }),
  },
  {
    id: 'sidecar',
    label: 'With a native sidecar (startup probe)',
    manifest: (name) => ({
      metadata: { name, namespace: 'default' },
      spec: {
        initContainers: [
          {
            name: 'proxy',
            image: 'envoyproxy/envoy:v1.31.0',
            restartPolicy: 'Always',
            startupProbe: { httpGet: { path: '/ready', port: 15021 }, periodSeconds: 1 },
          },
        ],
        containers: [{ name: 'app', image: 'nginx:1.27', resources: res('250m', '128Mi') }],
      },
    }),
  },
];

/** A pod name not yet used in the scenario ("pod-2", "pod-3", ...). */
export function freshPodName(s: Scenario, base = 'pod'): string {
  const used = new Set([
    ...s.pods.map((p) => p.manifest.metadata.name),
    ...s.actions.flatMap((a) => (a.kind === 'AddPod' ? [a.manifest.metadata.name] : [])),
  ]);
  for (let i = 1; ; i++) {
    const name = i === 1 && !used.has(base) ? base : `${base}-${i}`;
    if (!used.has(name)) return name;
  }
}

export type Checked = { ok: true; scenario: Scenario } | { ok: false; message: string };

/**
 * A scenario edited as a plain object (input form) checked by the schema: forms and
 * templates go through the same validation as a file.
 */
export function checkEdited(
  s: Scenario,
  edit: (input: Record<string, unknown>) => Record<string, unknown>,
): Checked {
  const input = toScenarioInput(s, { durations: 'text', stripDefaults: true });
  const r = validateScenario(edit(input));
  if (r.ok) return r;
  const p = r.problems[0];
  return { ok: false, message: p ? `${p.path ? `${p.path}: ` : ''}${p.message}` : 'invalid' };
}

/**
 * The scenario with a pod from the template arriving at `atMs` (the cursor), or at
 * the start when the cursor is at the horizon, where it would never run.
 */
export function addPod(s: Scenario, template: PodTemplate, atMs: number): Checked {
  const name = freshPodName(s, template.id);
  if (atMs >= s.horizon) atMs = 0;
  return checkEdited(s, (input) => ({
    ...input,
    pods: [
      ...((input.pods as unknown[] | undefined) ?? []),
      { at: `${Math.round(atMs)}ms`, manifest: template.manifest(name) },
    ],
  }));
}
