/**
 * A run as OTLP/JSON traces shaped like the real kubelet's own tracing (KEP-2831,
 * KubeletTracing): each pod worker sync is a `syncPod` span (kubelet.go, with
 * k8s.pod.* attributes and its own trace, as the kubelet starts one per SyncPod), its
 * CRI calls are otelgrpc client spans named by the full gRPC method
 * (`runtime.v1.RuntimeService/CreateContainer`, `runtime.v1.ImageService/PullImage`, …)
 * with rpc.* attributes. What only the model knows (PreStart, PostStart hooks, SyncPod's
 * phases) is under the `kubeletscope.` prefix, so it cannot be mistaken for real spans.
 * Jaeger UI opens this file (OTLP JSON: ids as hex, 64-bit times as decimal strings).
 */
import type { KubeEvent } from '../sim/trace/types';
import type { LaneModel } from '../viz/timeline/laneModel';
import { SPAN_KINDS } from '../viz/timeline/spanKinds';

type AnyValue = { stringValue: string } | { intValue: string } | { boolValue: boolean };
export interface KeyValue {
  key: string;
  value: AnyValue;
}
export interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  kind: number;
  startTimeUnixNano: string;
  endTimeUnixNano: string;
  attributes: KeyValue[];
  events: { timeUnixNano: string; name: string; attributes: KeyValue[] }[];
  status: { code?: number; message?: string };
}
export interface OtlpTrace {
  resourceSpans: {
    resource: { attributes: KeyValue[] };
    scopeSpans: { scope: { name: string; version?: string }; spans: OtlpSpan[] }[];
  }[];
}

const KIND_INTERNAL = 1;
const KIND_CLIENT = 3;
const STATUS_ERROR = 2;

/** The CRI call a startContainer / SyncPod state is (kuberuntime_manager.go, kuberuntime_container.go). */
const CRI: Record<string, [service: string, method: string]> = {
  creatingSandbox: ['runtime.v1.RuntimeService', 'RunPodSandbox'],
  ensuringImage: ['runtime.v1.ImageService', 'ImageStatus'],
  imagePresent: ['runtime.v1.ImageService', 'ImageStatus'],
  imageFailed: ['runtime.v1.ImageService', 'ImageStatus'],
  pullingImage: ['runtime.v1.ImageService', 'PullImage'],
  creating: ['runtime.v1.RuntimeService', 'CreateContainer'],
  starting: ['runtime.v1.RuntimeService', 'StartContainer'],
  killing: ['runtime.v1.RuntimeService', 'StopContainer'],
  killingAfterHook: ['runtime.v1.RuntimeService', 'StopContainer'],
};
/** Model-only detail, named after the Go function it stands for. */
const SIMULATED: Record<string, string> = {
  generatingConfig: 'kubeletscope.generateContainerConfig',
  preCreate: 'kubeletscope.PreCreateContainer',
  preStart: 'kubeletscope.PreStartContainer',
  postStart: 'kubeletscope.PostStartHook',
};

/** gRPC status codes by name (google.golang.org/grpc/codes), as "rpc error: code = X" prints them. */
const GRPC_CODES: Record<string, number> = {
  Canceled: 1,
  Unknown: 2,
  InvalidArgument: 3,
  DeadlineExceeded: 4,
  NotFound: 5,
  AlreadyExists: 6,
  PermissionDenied: 7,
  ResourceExhausted: 8,
  FailedPrecondition: 9,
  Aborted: 10,
  Internal: 13,
  Unavailable: 14,
};

/** The Warning event the kubelet records when this CRI call fails (kuberuntime_manager.go, image manager). */
function failureOf(
  method: string,
  pod: string,
  container: string | undefined,
  at: number,
  events: readonly KubeEvent[],
) {
  const ev = events.find(
    (e) =>
      e.type === 'Warning' &&
      e.object === pod &&
      e.t === at &&
      ((method === 'RunPodSandbox' && e.reason === 'FailedCreatePodSandBox') ||
        (method === 'PullImage' &&
          e.reason === 'Failed' &&
          e.message.startsWith('Failed to pull image')) ||
        (method === 'CreateContainer' &&
          e.reason === 'Failed' &&
          /CreateContainerError|Error: /.test(e.message))) &&
      (!container || !e.fieldPath || e.fieldPath.endsWith(`{${container}}`)),
  );
  if (!ev) return null;
  const name = /code = (\w+)/.exec(ev.message)?.[1] ?? 'Unknown';
  return { code: GRPC_CODES[name] ?? 2, message: ev.message };
}

const str = (key: string, v: string): KeyValue => ({ key, value: { stringValue: v } });
const int = (key: string, v: number): KeyValue => ({ key, value: { intValue: String(v) } });

/** FNV-1a, 64 bits, as 16 hex digits: deterministic ids (same run, same file). */
function fnv64(s: string): string {
  let h = 0xcbf29ce484222325n;
  for (let i = 0; i < s.length; i++) {
    h ^= BigInt(s.charCodeAt(i));
    h = (h * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return h.toString(16).padStart(16, '0');
}

export interface OtlpInput {
  readonly model: LaneModel;
  readonly events: readonly KubeEvent[];
  readonly uidOf: (pod: string) => string | undefined;
  readonly nodeName: string;
  /** Epoch ms of simulated time 0 (the run's clock). */
  readonly epochMs: number;
}

export function toOtlp(input: OtlpInput): OtlpTrace {
  const { model } = input;
  const nano = (ms: number) => (BigInt(Math.round(input.epochMs + ms)) * 1_000_000n).toString();
  const kubeletSpans: OtlpSpan[] = [];
  const grpcSpans: OtlpSpan[] = [];
  const pods = new Set(model.lanes.map((l) => l.pod).filter((p): p is string => !!p));
  for (const pod of pods) {
    const lanes = model.lanes.filter((l) => l.pod === pod && !l.instants);
    const worker = lanes.find((l) => l.label === 'pod worker');
    if (!worker) continue;
    const [ns, name] = pod.split('/') as [string, string];
    const uid = input.uidOf(pod) ?? '';
    let n = 0;
    for (let j = 0; j < worker.start.length; j++) {
      const label = model.labels[worker.label_[j]!] ?? '';
      if (label !== 'syncing') continue;
      const s = worker.start[j]!;
      const e = Math.max(worker.end[j]!, s);
      const traceId = fnv64(`${pod}#${n}`) + fnv64(`trace:${pod}#${n}`);
      const rootId = fnv64(`${pod}#${n}/syncPod`);
      const children: OtlpSpan[] = [];
      let failed = false;
      for (const lane of lanes) {
        if (lane === worker) continue;
        for (let k = 0; k < lane.start.length; k++) {
          const cs = lane.start[k]!;
          const ce = Math.max(lane.end[k]!, cs);
          if (cs < s || cs > e || (cs === e && e > s)) continue;
          const label = model.labels[lane.label_[k]!] ?? '';
          // The timeline draws the pull itself as "pulling <image>" / "pull failed: <image>"
          // (its queue wait apart): that is the PullImage call.
          const state = /^(pulling |pull failed: )/.test(label) ? 'pullingImage' : label;
          const kind = SPAN_KINDS[lane.kind[k]!] ?? 'sync';
          const cri = CRI[state];
          const container = lane.container?.split('/').pop();
          const spanId = fnv64(`${pod}#${n}/${lane.id}/${k}`);
          const base = {
            traceId,
            spanId,
            parentSpanId: rootId,
            startTimeUnixNano: nano(cs),
            endTimeUnixNano: nano(ce),
            events: [],
          };
          const sim = [str('kubeletscope.state', state), str('kubeletscope.lane', lane.label)];
          if (container) sim.push(str('kubeletscope.container', container));
          if (cri) {
            const f = failureOf(cri[1], pod, container, ce, input.events);
            const err = kind === 'error' || f !== null;
            failed ||= err;
            children.push({
              ...base,
              name: `${cri[0]}/${cri[1]}`,
              kind: KIND_CLIENT,
              attributes: [
                str('rpc.system', 'grpc'),
                str('rpc.service', cri[0]),
                str('rpc.method', cri[1]),
                int('rpc.grpc.status_code', f?.code ?? (err ? 2 : 0)),
                ...sim,
              ],
              status: err ? { code: STATUS_ERROR, ...(f ? { message: f.message } : {}) } : {},
            });
          } else if (SIMULATED[state] || (lane.label === 'SyncPod' && ce > cs)) {
            children.push({
              ...base,
              name: SIMULATED[state] ?? `kubeletscope.SyncPod.${state}`,
              kind: KIND_INTERNAL,
              attributes: [str('kubeletscope.simulated', 'true'), ...sim],
              status: kind === 'error' ? { code: STATUS_ERROR } : {},
            });
          }
        }
      }
      const events = input.events
        // The kubelet's own events only (the scheduler's Scheduled is not the kubelet's).
        .filter((ev) => ev.source === 'kubelet' && ev.object === pod && ev.t >= s && ev.t <= e)
        .map((ev) => ({
          timeUnixNano: nano(ev.t),
          name: ev.reason,
          attributes: [
            str('k8s.event.type', ev.type),
            str('k8s.event.message', ev.message),
            ...(ev.fieldPath ? [str('k8s.event.field_path', ev.fieldPath)] : []),
          ],
        }));
      kubeletSpans.push({
        traceId,
        spanId: rootId,
        parentSpanId: '',
        name: 'syncPod',
        kind: KIND_INTERNAL,
        startTimeUnixNano: nano(s),
        endTimeUnixNano: nano(e),
        attributes: [
          str('k8s.pod.uid', uid),
          str('k8s.pod', pod),
          str('k8s.pod.name', name),
          str('k8s.pod.update_type', n === 0 ? 'create' : 'sync'),
          str('k8s.namespace.name', ns),
        ],
        events,
        status: failed ? { code: STATUS_ERROR } : {},
      });
      for (const c of children) (c.kind === KIND_CLIENT ? grpcSpans : kubeletSpans).push(c);
      n++;
    }
  }
  return {
    resourceSpans: [
      {
        resource: {
          attributes: [
            str('service.name', 'kubelet'),
            str('host.name', input.nodeName),
            str('kubeletscope.simulated', 'true'),
          ],
        },
        scopeSpans: [
          { scope: { name: 'k8s.io/kubernetes/pkg/kubelet' }, spans: kubeletSpans },
          {
            scope: {
              name: 'go.opentelemetry.io/contrib/instrumentation/google.golang.org/grpc/otelgrpc',
            },
            spans: grpcSpans,
          },
        ],
      },
    ],
  };
}
