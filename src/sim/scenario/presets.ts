/**
 * The preset scenarios: ordinary scenario files in /presets, indexed here in the order of
 * anchors.md's preset table, then the golden scenarios. Vite (and Vitest, which runs through Vite) inlines the files
 * with import.meta.glob; the CLI, which runs without Vite, reads the folder itself and
 * passes the texts to `presetsFromFiles`.
 */
/// <reference types="vite/client" />
import { parseScenario, type ParseResult } from './parse';

export const PRESET_IDS = [
  'hello-pod',
  'static-vs-none',
  'almost-guaranteed',
  'reserved-and-shared',
  'numa-does-not-fit',
  'odd-cpus-on-smt',
  'init-cpu-handoff',
  'poststart-deadlock',
  'poststart-deadlock-sidecar',
  'crashloop-backoff',
  'restart-rules-exit-42',
  'restart-all-on-exit',
  'slow-image-blocks-neighbour',
  'flip-cpu-policy',
  'startup-time-breakdown',
  'v1-18-prestart-cpuset',
  'v1-3-infra-container',
  'start-order-across-versions',
  // The device and memory managers beside the topology manager.
  'gpus-aligned-single-numa',
  'topology-affinity-error-free-cpus',
  'hugepages-memory-manager',
  'same-pod-three-topology-policies',
  // Pod-level resources (spec.resources) under the static CPU manager.
  'pod-level-resources',
  // KubeletEnsureSecretPulledImages: a present image and the pod's pull credentials.
  'image-pull-credentials',
  // In-place resize meeting the static CPU manager.
  'resize-guaranteed-static',
  // In-place resize accepted: UpdateContainerResources on a running container.
  'resize-burstable',
  // The golden scenarios: one kubelet behaviour each.
  'uncached-image',
  'two-init-containers',
  'sidecar-startup-probe',
  'poststart-hang-order',
  'poststart-failure',
  'crashloop-15m',
  'image-pull-backoff',
  'sandbox-failure',
  'serial-pulls',
  'parallel-pulls',
  'delete-grace-period',
] as const;

export type PresetId = (typeof PRESET_IDS)[number];

export const DEFAULT_PRESET_ID: PresetId = 'hello-pod';

export interface Preset {
  id: PresetId;
  /** The YAML file as written, for the editor and "Download scenario". */
  text: string;
}

export function isPresetId(id: string): id is PresetId {
  return (PRESET_IDS as readonly string[]).includes(id);
}

/** Builds the index from file texts keyed by path or file name ("presets/hello-pod.yaml"). */
export function presetsFromFiles(files: Readonly<Record<string, string>>): Preset[] {
  const byId = new Map<string, string>();
  for (const [path, text] of Object.entries(files)) {
    const id = /([^/\\]+)\.yaml$/.exec(path)?.[1];
    if (id !== undefined) byId.set(id, text);
  }
  const out: Preset[] = [];
  for (const id of PRESET_IDS) {
    const text = byId.get(id);
    if (text !== undefined) out.push({ id, text });
  }
  return out;
}

function bundledFiles(): Record<string, string> {
  try {
    // Replaced by an object literal at build time; under plain Node it is undefined and throws.
    return import.meta.glob<string>('/presets/*.yaml', {
      query: '?raw',
      import: 'default',
      eager: true,
    });
  } catch {
    return {};
  }
}

let bundled: Preset[] | undefined;

/** The presets bundled with the page (empty under plain Node: use presetsFromFiles there). */
export function listPresets(): Preset[] {
  bundled ??= presetsFromFiles(bundledFiles());
  return bundled;
}

export function presetText(id: PresetId): string | undefined {
  return listPresets().find((p) => p.id === id)?.text;
}

/** Parses a bundled preset. */
export function loadPreset(id: PresetId): ParseResult {
  const text = presetText(id);
  if (text === undefined)
    return { ok: false, problems: [{ path: '', message: `no preset "${id}" is bundled` }] };
  return parseScenario(text);
}
