import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const simulate = (args: string[]) =>
  spawnSync('npx', ['tsx', 'scripts/simulate.ts', ...args], { encoding: 'utf8', timeout: 60_000 });

describe('npm run simulate -- --format chrome-trace | otlp', () => {
  it('writes one JSON object Perfetto and Jaeger open', () => {
    const c = simulate(['presets/uncached-image.yaml', '--format', 'chrome-trace']);
    expect(c.status).toBe(0);
    const trace = JSON.parse(c.stdout) as {
      traceEvents: { ph: string; name: string; dur?: number }[];
      otherData: Record<string, unknown>;
    };
    expect(trace.otherData).toMatchObject({ tool: 'kubeletscope', node: 'node-1' });
    const pull = trace.traceEvents.find((e) => e.ph === 'X' && e.name === 'pulling nginx:1.27')!;
    expect(pull.dur).toBe(6_000_000);
    expect(trace.traceEvents.some((e) => e.ph === 's')).toBe(true);
    const o = simulate(['presets/uncached-image.yaml', '--format', 'otlp']);
    expect(o.status).toBe(0);
    const otlp = JSON.parse(o.stdout) as {
      resourceSpans: { scopeSpans: { spans: { name: string }[] }[] }[];
    };
    const names = otlp.resourceSpans[0]!.scopeSpans.flatMap((s) => s.spans.map((x) => x.name));
    expect(names).toContain('syncPod');
    expect(names).toContain('runtime.v1.ImageService/PullImage');
  });
});
