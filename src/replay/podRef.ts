/**
 * Pod names as the kubelet prints them: klog.KObj "ns/name" (structured), format.Pod
 * "name_ns(uid)" (printf era), and describe/Events "pod/name" objects.
 */
export interface PodRef {
  readonly key: string;
  readonly uid?: string;
}

const FORMAT_POD =
  /^([a-z0-9]([-a-z0-9.]*[a-z0-9])?)_([a-z0-9]([-a-z0-9]*[a-z0-9])?)(?:\(([^)]*)\))?$/;

/** format.Pod: "nginx_default(6f0…)" → default/nginx. */
export function parseFormatPod(s: string): PodRef | null {
  const m = FORMAT_POD.exec(s.trim());
  if (!m) return null;
  return { key: `${m[3]}/${m[1]}`, uid: m[5] || undefined };
}

/** format.Pods: "a_ns(uid), b_ns(uid)". */
export function parseFormatPods(s: string): PodRef[] {
  return s
    .split(/,\s*/)
    .map(parseFormatPod)
    .filter((p): p is PodRef => p !== null);
}

const KEY = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?\/[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/;

/** "ns/name" as klog.KObj prints it, else null. */
export function podKey(s: string | undefined): string | null {
  if (!s) return null;
  return KEY.test(s) ? s : null;
}

/** "spec.containers{app}" / "spec.initContainers{init}" → the container and whether it is an init one. */
export function containerOfFieldPath(
  fp: string | undefined,
): { name: string; init: boolean } | null {
  if (!fp) return null;
  const m = /^spec\.(containers|initContainers|ephemeralContainers)\{([^}]+)\}$/.exec(fp);
  return m ? { name: m[2]!, init: m[1] === 'initContainers' } : null;
}

/** The container's name and image in a "Creating container" dump: &Container{Name:a,Image:b,…} or JSON. */
export function containerOfDump(raw: string | undefined): { name: string; image?: string } | null {
  if (!raw) return null;
  const s = raw.startsWith('"') ? raw.slice(1, -1).replace(/\\"/g, '"') : raw;
  if (s.startsWith('{')) {
    try {
      const o = JSON.parse(s) as Record<string, unknown>;
      if (typeof o.name === 'string')
        return { name: o.name, image: typeof o.image === 'string' ? o.image : undefined };
    } catch {
      // fall through to the %+v form
    }
  }
  const name = /Name:([^,}\s]+)/.exec(s)?.[1];
  // 1.34+ logs spec.container.Name alone.
  if (!name) return /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/.test(s) ? { name: s } : null;
  const image = /Image:([^,}\s]+)/.exec(s)?.[1];
  return { name, image };
}
