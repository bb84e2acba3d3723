import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runToOtlp, type OtlpSpan } from '../../../src/export';
import { parseScenario } from '../../../src/sim';
import { buildRunView } from '../../../src/state/buildRunView';

function spans(preset: string): OtlpSpan[] {
  const p = parseScenario(readFileSync(join('presets', `${preset}.yaml`), 'utf8'));
  if (!p.ok) throw new Error(preset);
  const t = runToOtlp(buildRunView(p.scenario));
  expect(t.resourceSpans[0]!.resource.attributes).toContainEqual({
    key: 'service.name',
    value: { stringValue: 'kubelet' },
  });
  return t.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans));
}
const attr = (s: OtlpSpan, k: string) => s.attributes.find((a) => a.key === k)?.value;
const ms = (ns: string) => Number(BigInt(ns) / 1_000_000n);

describe('OTLP export shaped like KubeletTracing', () => {
  it.each(['hello-pod', 'uncached-image', 'crashloop-backoff', 'sandbox-failure'])(
    '%s: valid ids, parents, times and names',
    (preset) => {
      const all = spans(preset);
      const byId = new Map(all.map((s) => [s.spanId, s]));
      expect(byId.size).toBe(all.length);
      for (const s of all) {
        expect(s.traceId).toMatch(/^[0-9a-f]{32}$/);
        expect(s.spanId).toMatch(/^[0-9a-f]{16}$/);
        expect(BigInt(s.endTimeUnixNano) >= BigInt(s.startTimeUnixNano)).toBe(true);
        expect(s.name).toMatch(
          /^(syncPod|runtime\.v1\.(RuntimeService|ImageService)\/\w+|kubeletscope\.[\w.]+)$/,
        );
        if (s.parentSpanId) {
          const parent = byId.get(s.parentSpanId)!;
          expect(parent.name).toBe('syncPod');
          expect(parent.traceId).toBe(s.traceId);
        }
        if (s.name.startsWith('runtime.v1.')) {
          expect(s.kind).toBe(3);
          expect(attr(s, 'rpc.system')).toEqual({ stringValue: 'grpc' });
          expect(s.name).toBe(
            `${(attr(s, 'rpc.service') as { stringValue: string }).stringValue}/${(attr(s, 'rpc.method') as { stringValue: string }).stringValue}`,
          );
        }
      }
    },
  );

  it('hello-pod: the first syncPod (create) holds RunPodSandbox, CreateContainer, StartContainer', () => {
    const all = spans('hello-pod');
    const roots = all.filter((s) => s.name === 'syncPod');
    expect(attr(roots[0]!, 'k8s.pod')).toEqual({ stringValue: 'default/web' });
    expect(attr(roots[0]!, 'k8s.pod.name')).toEqual({ stringValue: 'web' });
    expect(attr(roots[0]!, 'k8s.namespace.name')).toEqual({ stringValue: 'default' });
    expect(attr(roots[0]!, 'k8s.pod.update_type')).toEqual({ stringValue: 'create' });
    expect(attr(roots[0]!, 'k8s.pod.uid')).toEqual({
      stringValue: 'cf54df4f-d054-40e2-94e2-ca54d770e275',
    });
    expect(attr(roots[1]!, 'k8s.pod.update_type')).toEqual({ stringValue: 'sync' });
    // Each sync is its own trace, as the kubelet starts one per SyncPod.
    expect(new Set(roots.map((r) => r.traceId)).size).toBe(roots.length);
    const kids = all
      .filter((s) => s.parentSpanId === roots[0]!.spanId && s.name.startsWith('runtime.'))
      .sort((a, b) => Number(BigInt(a.startTimeUnixNano) - BigInt(b.startTimeUnixNano)));
    expect(kids.map((s) => [s.name, ms(s.endTimeUnixNano) - ms(s.startTimeUnixNano)])).toEqual([
      ['runtime.v1.RuntimeService/RunPodSandbox', 800],
      ['runtime.v1.ImageService/ImageStatus', 0],
      ['runtime.v1.RuntimeService/CreateContainer', 60],
      ['runtime.v1.RuntimeService/StartContainer', 120],
    ]);
    expect(all.some((s) => s.name === 'kubeletscope.PostStartHook')).toBe(true);
    expect(roots[0]!.events.map((e) => e.name)).toEqual(['Pulled', 'Created', 'Started']);
  });

  it('uncached-image: PullImage lasts the pull; sandbox-failure: an error status', () => {
    const pull = spans('uncached-image').find(
      (s) => s.name === 'runtime.v1.ImageService/PullImage',
    )!;
    expect(ms(pull.endTimeUnixNano) - ms(pull.startTimeUnixNano)).toBe(6000);
    const failed = spans('sandbox-failure').filter((s) => s.status.code === 2);
    expect(failed.filter((s) => s.name === 'runtime.v1.RuntimeService/RunPodSandbox')).toHaveLength(
      2,
    );
    const failedPull = spans('image-pull-backoff').find(
      (s) => s.name === 'runtime.v1.ImageService/PullImage' && s.status.code === 2,
    )!;
    expect(attr(failedPull, 'rpc.grpc.status_code')).toEqual({ intValue: '5' }); // NotFound
    expect(failedPull.status.message).toMatch(/^Failed to pull image/);
    // The sync whose sandbox failed is marked failed too (RecordError + SetStatus(Error)).
    const root = spans('sandbox-failure').find((s) => s.name === 'syncPod' && s.status.code === 2);
    expect(root).toBeDefined();
  });
});
