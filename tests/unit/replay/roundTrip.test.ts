/**
 * simulate → `--format log` → replay: every line the model prints is read back, with the
 * same pods, uids, containers and images, and each record at its line's time (±1 ms).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CURRENT_KUBELET_VERSION,
  formatKlog,
  logsAt,
  parseScenario,
  simulate,
} from '../../../src/sim';
import { eventRows, replayText } from '../../../src/replay';

const presetsDir = join(import.meta.dirname, '../../../presets');
const presets = readdirSync(presetsDir).filter((f) => f.endsWith('.yaml'));

function podsNamed(kv: [string, string][]): string[] {
  const out: string[] = [];
  for (const [k, v] of kv) {
    if (k === 'pod' && /^"[^"]+\/[^"]+"$/.test(v)) out.push(JSON.parse(v) as string);
    if (k === 'pods') out.push(...(JSON.parse(v) as string[]));
  }
  return out;
}

// The presets of the current kubelet: its structured klog is what the replay reads exactly.
// (The 1.18/1.3 presets print printf-era lines, of which the replay keys on the main ones.)
const current = presets.filter((file) => {
  const parsed = parseScenario(readFileSync(join(presetsDir, file), 'utf8'));
  return parsed.ok && parsed.scenario.node.kubeletVersion === CURRENT_KUBELET_VERSION;
});

/**
 * Lines of the model the replay does not read (none now: the device and memory managers' lines,
 * and the topology manager's per-provider ones, have their readers). Each would have to come back
 * as exactly one unknown message, and every other line as before.
 */
const NOT_READ_YET = new Set<string>([]);
const notReadYet = (l: { source: string; msg: string; text?: string }) =>
  NOT_READ_YET.has(`${l.source.split(':')[0]}|${l.text ?? l.msg}`);

describe('round trip: the model’s own klog output replays exactly', () => {
  it('covers the current kubelet presets', () => {
    expect(current.length).toBeGreaterThan(20);
  });
  it.each(current)('%s', (file) => {
    const parsed = parseScenario(readFileSync(join(presetsDir, file), 'utf8'));
    if (!parsed.ok) throw new Error(file);
    const run = simulate(parsed.scenario);
    const logs = logsAt(run.trace.logs, run.trace.steps.t.length, 4);
    const text = logs.map((l) => formatKlog(l)).join('\n');
    const r = replayText(text, { year: 2026 });
    expect(r.skipped).toBe(0);
    expect(r.unknownMessages).toBe(logs.filter(notReadYet).length);
    // One event per line, or one per pod for a line naming several.
    const rows = eventRows(r);
    const t0 = logs[0]!.t;
    let i = 0;
    logs.forEach((l, n) => {
      if (notReadYet(l)) return;
      const named = podsNamed(l.kv);
      const k = l.msg.startsWith('SyncLoop ') && named.length > 1 ? named.length : 1;
      for (let j = 0; j < k; j++, i++) {
        const e = rows[i]!;
        expect(e.line).toBe(n + 1);
        expect(Math.abs(e.t - (l.t - t0))).toBeLessThanOrEqual(1);
        if (named.length) expect(named).toContain(e.pod);
      }
    });
    expect(i).toBe(rows.length);
    // The same pods with their uids, and every container the model created with its image.
    const created = new Map<string, Map<string, string>>();
    for (const l of logs)
      if (l.msg === 'Creating container in pod') {
        const pod = JSON.parse(l.kv.find(([k]) => k === 'pod')![1]) as string;
        // (1.34+: the container's name, no longer the *v1.Container)
        const name = JSON.parse(l.kv.find(([k]) => k === 'container')![1]) as string;
        const def = Object.values(run.config.pods).find((p) => p.key === pod)!.byName[name]!;
        const image = (def.spec as { image: string }).image;
        (created.get(pod) ?? created.set(pod, new Map()).get(pod)!).set(name, image);
      }
    const arrived = Object.values(run.config.pods).filter((p) => r.pods.has(p.key));
    for (const p of arrived) {
      const got = r.pods.get(p.key)!;
      if (got.uid) expect(got.uid).toBe(p.uid);
      for (const [name, image] of created.get(p.key) ?? [])
        expect(got.containers.get(name)?.image).toBe(image);
    }
    const adds = new Set(rows.filter((e) => e.what === 'SyncLoopAdd').map((e) => e.pod));
    for (const p of Object.values(run.config.pods))
      if (logs.some((l) => l.msg === 'SyncLoop ADD' && podsNamed(l.kv).includes(p.key)))
        expect(adds.has(p.key)).toBe(true);
  });
});
