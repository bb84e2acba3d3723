/**
 * The engine names machine instances "<kind>:<namespace>/<pod>[/<container>[/<probe>]]"
 * for per-pod machines and "<kind>" for node-wide ones (syncLoop, pleg, imagePuller,
 * containerd). This is the one place that parses those names.
 */
export interface EntityName {
  readonly kind: string;
  /** "<namespace>/<pod>" or null for node-wide machines. */
  readonly pod: string | null;
  readonly container: string | null;
  /** Probe type for prober instances. */
  readonly probe: string | null;
}

export function parseEntityId(id: string, kind: string): EntityName {
  const colon = id.indexOf(':');
  if (colon < 0) return { kind, pod: null, container: null, probe: null };
  const parts = id.slice(colon + 1).split('/');
  const pod = parts.length >= 2 ? `${parts[0]}/${parts[1]}` : null;
  return {
    kind,
    pod,
    container: parts.length >= 3 && pod ? `${pod}/${parts[2]}` : null,
    probe: parts[3] ?? null,
  };
}

/** Last path element: "default/web/app" → "app". */
export function shortName(key: string): string {
  const i = key.lastIndexOf('/');
  return i >= 0 ? key.slice(i + 1) : key;
}
