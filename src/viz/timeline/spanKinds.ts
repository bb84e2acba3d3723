/**
 * What a span on the timeline is, for colour and legend. The engine's state names
 * are classified by keyword, so a new machine state gets a sensible colour without
 * a table edit; the legend lists only kinds present in the run.
 */
export const SPAN_KINDS = [
  'sync',
  'admit',
  'sandbox',
  'pull',
  'queued',
  'create',
  'prestart',
  'start',
  'poststart',
  'running',
  'probe',
  'probefail',
  'backoff',
  'wait',
  'error',
  'terminated',
  'cpu',
  'wakeup',
  'fault',
] as const;

export type SpanKind = (typeof SPAN_KINDS)[number];

/** Index of a kind in SPAN_KINDS; typed arrays store this. */
export const kindIndex = (k: SpanKind): number => SPAN_KINDS.indexOf(k);

export const SPAN_KIND_LABEL: Record<SpanKind, string> = {
  sync: 'sync / work',
  admit: 'admission',
  sandbox: 'sandbox',
  pull: 'image pull',
  queued: 'waiting in the pull queue',
  create: 'create',
  prestart: 'PreStart',
  start: 'start',
  poststart: 'PostStart hook',
  running: 'running',
  probe: 'probe passed',
  probefail: 'probe failed',
  backoff: 'back-off wait',
  wait: 'waiting / idle',
  error: 'failed',
  terminated: 'exited',
  cpu: 'CPU manager',
  wakeup: 'sync loop wake-up',
  fault: 'fault / action',
};

/**
 * Fill colours per kind. Chosen to stay apart for deuteranopes and protanopes
 * (blue/orange/purple/teal families; red and green never carry meaning alone:
 * labels and the legend back them up). Same in both themes: spans sit on their own
 * background band, and text colour is picked per fill for contrast.
 */
export const SPAN_KIND_COLOR: Record<SpanKind, string> = {
  sync: '#5b7fb8',
  admit: '#8c6bb1',
  sandbox: '#3f9a9a',
  pull: '#e69f00',
  queued: '#bfa76a',
  create: '#56b4e9',
  prestart: '#b07aa1',
  start: '#0072b2',
  poststart: '#cc79a7',
  running: '#5aa469',
  probe: '#9ab83c',
  probefail: '#b8336a',
  backoff: '#d9a6a6',
  wait: '#a7adb5',
  error: '#d55e00',
  terminated: '#6c6f75',
  cpu: '#c9a227',
  wakeup: '#7f8c9a',
  fault: '#6a3d9a',
};

/** Dark text on light fills, white on dark ones (WCAG relative luminance). */
export function textColorOn(hex: string): string {
  const n = parseInt(hex.slice(1), 16);
  const ch = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const l = 0.2126 * ch((n >> 16) & 255) + 0.7152 * ch((n >> 8) & 255) + 0.0722 * ch(n & 255);
  return l > 0.3 ? '#111418' : '#ffffff';
}

const RULES: [RegExp, SpanKind][] = [
  [/backoff|crashloop|back-off/i, 'backoff'],
  [/fail|error|reject|err[A-Z]|invalid/i, 'error'],
  [/pull|image/i, 'pull'],
  [/poststart/i, 'poststart'],
  [/prestart|precreate/i, 'prestart'],
  [/sandbox/i, 'sandbox'],
  // kubelet 1.3: the POD infra container and the network plugin call are its sandbox.
  [/infra|network/i, 'sandbox'],
  [/admit/i, 'admit'],
  [/probe|readiness|liveness|startup/i, 'probe'],
  [/creat/i, 'create'],
  [/start/i, 'start'],
  [/running|ready/i, 'running'],
  [/terminat|exited|stopp|completed|done|final|removed|killed/i, 'terminated'],
  [/alloc|cpu|topology|hint/i, 'cpu'],
  [/idle|wait|pending|queued|sleep/i, 'wait'],
  [/sync|work|handl|process|busy|relist/i, 'sync'],
];

/** The kind of a state named `state` of a machine of kind `machineKind`. */
export function classifyState(state: string, machineKind: string): SpanKind {
  const leaf = state.split('|')[0] ?? state;
  for (const [re, kind] of RULES) if (re.test(leaf)) return kind;
  if (/cpu/i.test(machineKind)) return 'cpu';
  return 'sync';
}
