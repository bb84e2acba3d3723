/**
 * What people wrap their output in when they paste it into an issue: markdown quotes ("> "),
 * inline-code backticks around a block, code fences, and the shell prompt line of the command
 * that printed it (`$ kubectl describe pod web -n shop`), which names the pod an excerpt is about.
 */

/** One line with its paste decorations removed (never the output's own characters). */
const LIST_ITEM =
  /^\s*(?:[-*+]|\d{1,3}[.)])\s+(?=[IWEF]\d{4} [\d:.]+ |[A-Z][a-z]{2,3}\.? [ \d]?\d \d\d:\d\d:\d\d |\d{4}-\d\d-\d\dT\d\d:|\{"(?:ts|time|level|msg)"|time=")/;

export function cleanLine(raw: string): string {
  let s = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
  if (s.charCodeAt(0) === 0xfeff) s = s.slice(1);
  // A markdown quote: "> " before the output (a klog value's closing line is " >", not this).
  if (s.startsWith('>')) s = s.startsWith('> ') ? s.slice(2) : s.slice(1);
  // A markdown list item ("  - ", "* ", "1. ") holding a log line: the marker goes.
  s = s.replace(LIST_ITEM, '');
  // Code fences alone are nothing; inline backticks opened or closed around a block are dropped.
  if (/^\s*```/.test(s)) return '';
  if (/^\s*`(?!`)/.test(s)) s = s.replace(/^(\s*)`/, '$1');
  if (/[^`]`\s*$/.test(s)) s = s.replace(/`\s*$/, '');
  return s;
}

export interface KubectlCommand {
  readonly verb: 'describe' | 'get';
  /** "pod", "events", … as typed, singular. */
  readonly resource: string;
  readonly name?: string;
  readonly namespace?: string;
  readonly allNamespaces: boolean;
  readonly output?: string;
}

const PROMPT =
  /(?:^|[\s#$%>\]❯➜])(?:sudo\s+)?(?:\S*\/)?(?:kubectl(?:\.sh)?|kubecetl|oc|microk8s[. ]kubectl|k3s kubectl)\s+(.+)$/;

const RESOURCES: Record<string, string> = {
  po: 'pod',
  pod: 'pod',
  pods: 'pod',
  ev: 'events',
  event: 'events',
  events: 'events',
  'events.events.k8s.io': 'events',
};

/** A shell line running `kubectl describe|get …`, else null. */
export function parseKubectl(line: string): KubectlCommand | null {
  const m = PROMPT.exec(line);
  if (!m) return null;
  const words = m[1]!.trim().split(/\s+/);
  let verb: KubectlCommand['verb'] | undefined;
  let resource: string | undefined;
  let name: string | undefined;
  let namespace: string | undefined;
  let output: string | undefined;
  let all = false;
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!.replace(/[:;]+$/, '');
    if (w === '|' || w === '>' || w === '&&') break;
    if (w === '-n' || w === '--namespace') namespace = words[++i];
    else if (w.startsWith('--namespace=')) namespace = w.slice(12);
    else if (w === '-A' || w === '--all-namespaces') all = true;
    else if (w === '-o' || w === '--output') output = words[++i];
    else if (w.startsWith('-o') && w.length > 2) output = w.slice(2).replace(/^=/, '');
    else if (w.startsWith('--output=')) output = w.slice(9);
    else if (w.startsWith('-')) continue;
    else if (!verb) {
      if (w !== 'describe' && w !== 'get') return null;
      verb = w;
    } else if (!resource) {
      const [r, n] = w.split('/', 2);
      resource = RESOURCES[r!.toLowerCase()] ?? r!.toLowerCase();
      if (n) name = n;
    } else if (!name) name = w;
  }
  if (!verb || !resource) return null;
  return {
    verb,
    resource,
    ...(name ? { name } : {}),
    ...(namespace ? { namespace } : {}),
    allNamespaces: all,
    ...(output ? { output } : {}),
  };
}
