/**
 * Prefixes in front of a kubelet line: journalctl's short / short-precise / short-iso
 * ("Nov 29 18:13:10 host kubelet[2775]: "), rsyslog ISO times, the identifiers of kubelets
 * under other names (kubenswrapper on OpenShift, k3s, rke2, microshift's "kubelet "), and a
 * bare "host: " (pssh, kubectl node-logs across nodes).
 */
const JOURNAL =
  /^(?:\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:?\d{2})?|(?:\p{L}{3,5}\.?|\d{1,2}月) +\d{1,2} \d{2}:\d{2}:\d{2}(?:\.\d{1,6})?) (?:(\S+) )?([^\s[:]+)(?:\[\d+\])?: /u;
const HOST = /^([A-Za-z0-9][A-Za-z0-9_.-]*): (?=[IWEF]\d{4} |\{")/;
const HEADER_START = /^[IWEF]\d{4} \d{2}:/;

export interface Unwrapped {
  /** The kubelet's own line. */
  readonly payload: string;
  /** Host named by the prefix, if any. */
  readonly host?: string;
  /** Whether a journal prefix was removed (its own continuation lines carry one too). */
  readonly journal: boolean;
  /** The journal's identifier (kubelet, containerd, crio, k3s, …). */
  readonly ident?: string;
}

export function unwrap(line: string): Unwrapped {
  const j = JOURNAL.exec(line);
  if (j) {
    let payload = line.slice(j[0].length);
    // microshift logs "kubelet I1129 …" under its own identifier; some syslog templates put the
    // priority first ("info I1104 …").
    const word = /^(kubelet|info|notice|warning|warn|err|error|debug) /.exec(payload);
    if (word && HEADER_START.test(payload.slice(word[0].length)))
      payload = payload.slice(word[0].length);
    // "Sep 04 23:24:53 containerd[19975]: …": journalctl without the host.
    const host = j[1] === undefined ? undefined : j[1];
    return { payload, host, journal: true, ident: j[2] };
  }
  const h = HOST.exec(line);
  if (h) return { payload: line.slice(h[0].length), host: h[1], journal: false };
  return { payload: line, journal: false };
}
