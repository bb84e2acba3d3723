/**
 * kubectl describe pod by release (the kubectl of the kubelet's minor): its Events section and
 * the lines it prints. Read in k8s.io/kubectl pkg/describe/describe.go at the tags named (the
 * kubectl staging repository, whose commits name the Kubernetes commit they came from).
 * Kept free of functions: the page's views read the resolved era.
 */
import type { ChangelogRowBase, DescribeEra } from './types';

export const DESCRIBE_1_18: DescribeEra = {
  serviceAccountLine: false,
  eventFromWithoutHost: false,
  eventAgeFromEventTime: false,
  eventFieldPathPrefix: false,
  tolerationOpExists: false,
  terminatingOnlyNonTerminal: false,
  projectedOptionalField: false,
  portNames: false,
  probeThresholdWords: false,
};

const D = 'k8s.io/kubectl pkg/describe/describe.go';

export const DESCRIBE_ROWS: readonly ChangelogRowBase[] = [
  {
    release: '1.19',
    what: 'kubectl describe: an Exists toleration prints "op=Exists" ("node.kubernetes.io/not-ready:NoExecute op=Exists for 300s")',
    ref: 'commit 0bd9a4c6',
    source: `${D} printTolerationsMultilineWithIndent (v0.19.0; absent in v0.18.6)`,
    describe: { tolerationOpExists: true },
    touches: ['any'],
  },
  {
    release: '1.19',
    what: 'kubectl describe: an event with no firstTimestamp (the scheduler’s Scheduled) shows its age from eventTime, not <unknown>',
    ref: 'commit 798f677a',
    source: `${D} DescribeEvents (v0.19.0 and 1.18.9+; v0.18.6 printed <unknown>)`,
    describe: { eventAgeFromEventTime: true },
    touches: ['any'],
  },
  {
    release: '1.19',
    what: 'kubectl describe: the From column names the component only ("kubelet", not "kubelet, node-1")',
    ref: 'commit 71edf075 (after PR #91645)',
    source: `${D} DescribeEvents (v0.20.0, and the 1.19.2+ and 1.18.9+ patches; v0.19.0 used formatEventSource)`,
    describe: { eventFromWithoutHost: true },
    touches: ['any'],
  },
  {
    release: '1.25',
    what: 'kubectl describe pod prints the Service Account line',
    ref: 'PR #111192',
    source: `${D} describePod (v0.25.0; absent in v0.24.0)`,
    describe: { serviceAccountLine: true },
    touches: ['any'],
  },
  {
    release: '1.31',
    what: 'kubectl describe: a deleted pod in a terminal phase shows that phase, not Terminating',
    ref: 'commit 4bd3274f',
    source: `${D} describePod (v0.31.0; v0.30.x printed Terminating for any deleted pod)`,
    describe: { terminatingOnlyNonTerminal: true },
    touches: ['deletePod'],
  },
  {
    release: '1.33',
    what: 'kubectl describe: the projected token volume prints "Optional: false" (was "ConfigMapOptional: <nil>")',
    ref: 'PR #129457',
    source: `${D} printProjectedVolumeSource (v0.33.0; v0.32.x printed ConfigMapOptional)`,
    describe: { projectedOptionalField: true },
    touches: ['serviceAccountToken'],
  },
  {
    release: '1.34',
    what: 'kubectl describe: Port and Host Port carry the port’s name ("8080/TCP (http)")',
    ref: 'commit 1d0fd592',
    source: `${D} describeContainerPorts (v0.34.0; absent in v0.33.x)`,
    describe: { portNames: true },
    touches: ['any'],
  },
  {
    release: '1.37',
    what: 'kubectl describe: probe attributes read successThreshold=N failureThreshold=N (was #success=N #failure=N)',
    ref: 'commit 856939de',
    // The 1.37.0 tag was not on hand: read at kubernetes-1.37.0-beta.0 and at kubectl's master
    // of 2026-07-22 (kubernetes/kubernetes@c0ea1718, 1.37's code freeze); absent in 1.36.3.
    source: `${D} DescribeProbe (kubernetes-1.37.0-beta.0; master of 2026-07-22, kubernetes/kubernetes@c0ea1718e4ffb5302159add6de793ff9137dd27d)`,
    describe: { probeThresholdWords: true },
    touches: ['probes'],
  },
  {
    release: '1.35',
    what: 'kubectl describe: a container’s event message starts with its field path ("spec.containers{app}: …")',
    ref: 'PR #133627',
    source: `${D} DescribeEvents (v0.35.0; absent in v0.34.0)`,
    describe: { eventFieldPathPrefix: true },
    touches: ['any'],
  },
];
