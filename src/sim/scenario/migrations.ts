/**
 * Permalink format versions and the steps between them. A link names its format
 * (`#s=<format>.<data>`); old links are upgraded one step at a time to the current
 * payload, so every link anyone ever shared keeps opening.
 *
 * Format 2 (current): format 1's payload; node.kubeletVersion left out means the current
 *   kubelet of the page that made the link (1.37 from format 2 on).
 *
 * Format 1 payload (node.kubeletVersion left out meant 1.34, then the current kubelet):
 *   { s: <scenario input without apiVersion/kind, defaults left out>,
 *     m?: <preset id whose name, caption and description the scenario has; left out of s>,
 *     v?: <view state> }
 *
 * Format 0 (the pre-release shape, kept so its links still open):
 *   { scenario: { name, description?, seed?, duration?,
 *                 node: { name?, topology, cpuPolicy?, reservedCPUs?, topologyPolicy?,
 *                         kubelet?, images?, runtime? },
 *                 pods, faults?, actions? },     // action kind "ChangeCpuPolicy" had "deleteState"
 *     view?: { time?, step?, window?: { from, to }, selected?: "<kind>:<id>", panels? } }
 */

type Json = Record<string, unknown>;

export const CURRENT_LINK_FORMAT = 2;

function obj(v: unknown): Json | undefined {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : undefined;
}

/** Copies `o` without the keys in `drop`, leaving undefined values out. */
function without(o: Json, drop: readonly string[]): Json {
  const out: Json = {};
  for (const [k, v] of Object.entries(o)) if (!drop.includes(k) && v !== undefined) out[k] = v;
  return out;
}

function defined(o: Json): Json {
  return without(o, []);
}

function v0ScenarioToV1(s: Json): Json {
  const node = obj(s.node) ?? {};
  const kubelet = defined({
    ...obj(node.kubelet),
    // v0 kept the two policies and the reservation beside the topology.
    cpuManagerPolicy: node.cpuPolicy ?? obj(node.kubelet)?.cpuManagerPolicy,
    reservedSystemCPUs: node.reservedCPUs ?? obj(node.kubelet)?.reservedSystemCPUs,
    topologyManagerPolicy: node.topologyPolicy ?? obj(node.kubelet)?.topologyManagerPolicy,
  });
  const actions = Array.isArray(s.actions)
    ? (s.actions as unknown[]).map((a) => {
        const o = obj(a);
        if (o?.kind !== 'ChangeCpuPolicy') return a;
        return defined({
          ...without(o, ['deleteState']),
          kind: 'ChangeCpuManagerPolicy',
          removeStateFile: o.deleteState,
        });
      })
    : undefined;
  return defined({
    metadata: defined({ name: s.name, description: s.description }),
    seed: s.seed,
    horizon: s.duration,
    node: defined({
      ...without(node, ['cpuPolicy', 'reservedCPUs', 'topologyPolicy', 'kubelet']),
      kubelet: Object.keys(kubelet).length ? kubelet : undefined,
    }),
    pods: s.pods,
    faults: s.faults,
    actions,
  });
}

function v0ViewToV1(v: Json): Json {
  const window = obj(v.window);
  const selected = typeof v.selected === 'string' ? v.selected : undefined;
  const colon = selected?.indexOf(':') ?? -1;
  return defined({
    t: v.time,
    step: v.step,
    window: window ? [window.from, window.to] : undefined,
    selection:
      selected && colon > 0
        ? { kind: selected.slice(0, colon), id: selected.slice(colon + 1) }
        : undefined,
    panels: v.panels,
  });
}

function v0ToV1(payload: Json): Json {
  const scenario = obj(payload.scenario);
  if (!scenario) throw new Error('it has no scenario');
  const view = obj(payload.view);
  return defined({ s: v0ScenarioToV1(scenario), v: view ? v0ViewToV1(view) : undefined });
}

/**
 * A format-1 link without a kubelet version ran on 1.34, the current kubelet then: it names
 * 1.34, so it opens as it ran.
 */
function v1ToV2(payload: Json): Json {
  const s = obj(payload.s);
  if (!s) return payload;
  const node = obj(s.node) ?? {};
  if (node.kubeletVersion !== undefined) return payload;
  return { ...payload, s: { ...s, node: { ...node, kubeletVersion: '1.34' } } };
}

/** MIGRATIONS[n] turns a format-n payload into a format-(n+1) payload. */
export const MIGRATIONS: Readonly<Record<number, (payload: Json) => Json>> = {
  0: v0ToV1,
  1: v1ToV2,
};

export type MigrationResult = { ok: true; payload: Json } | { ok: false; reason: string };

/** Upgrades a decoded payload of `format` to the current format. Never throws. */
export function migratePayload(format: number, payload: Json): MigrationResult {
  let p = payload;
  for (let v = format; v < CURRENT_LINK_FORMAT; v++) {
    const step = MIGRATIONS[v];
    if (!step) return { ok: false, reason: `There is no upgrade from link format ${v}.` };
    try {
      p = step(p);
    } catch (e) {
      return {
        ok: false,
        reason: `The link uses the older format ${format} and could not be upgraded: ${(e as Error).message}.`,
      };
    }
  }
  return { ok: true, payload: p };
}
