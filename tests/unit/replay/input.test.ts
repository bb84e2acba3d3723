/**
 * Input as it arrives: UTF-8 with a BOM, UTF-16 (either byte order) with a BOM, CRLF line ends,
 * a log followed by a describe in one paste, logs of different days concatenated (the year must
 * not drift), and a sentence saying what was seen when nothing is read. The containerd lines the
 * model prints read back too (every one of them, for every preset of the current kubelet).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { replayText, unusable } from '../../../src/replay';
import { decodeInput } from '../../../src/replay/decode';
import { parseRuntimeLine, recogniseRuntime, RuntimeIds } from '../../../src/replay/runtimeLog';
import { CURRENT_KUBELET_VERSION, parseScenario, simulate } from '../../../src/sim';
import { containerdLog, formatContainerdLine } from '../../../src/sim/views/containerdLog';

const real = (f: string) =>
  readFileSync(join(import.meta.dirname, '../../fixtures/real', f), 'utf8');

const utf16 = (s: string, le: boolean) => {
  const out = new Uint8Array(2 + s.length * 2);
  out.set(le ? [0xff, 0xfe] : [0xfe, 0xff]);
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    out[2 + 2 * i + (le ? 0 : 1)] = c & 0xff;
    out[2 + 2 * i + (le ? 1 : 0)] = c >> 8;
  }
  return out;
};

describe('input as it arrives', () => {
  const log = real('kubeflow-2698.log');
  const base = replayText(log, { year: 2025 });

  it('UTF-8 with a BOM, UTF-16LE and UTF-16BE with a BOM, CRLF: the same records', () => {
    const variants = [
      decodeInput(new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(log)])),
      decodeInput(utf16(log, true)),
      decodeInput(utf16(log, false)),
      log.replace(/\n/g, '\r\n'),
    ];
    for (const v of variants) {
      const r = replayText(v, { year: 2025 });
      expect(r.events.map((e) => [e.line, e.what, e.pod, e.us])).toEqual(
        base.events.map((e) => [e.line, e.what, e.pod, e.us]),
      );
    }
  });

  it('a log followed by a describe in one paste: both read, each line by its reader', () => {
    const describe = real('gimlet-649.txt');
    const r = replayText(`${log}\n$ kubectl describe pod ubuntu\n${describe}`, { year: 2025 });
    const lines = log.split('\n').length;
    expect(r.events.filter((e) => e.line <= lines).map((e) => e.what)).toEqual([
      'ErrorSyncingPod',
      'ErrorSyncingPod',
      'ErrorSyncingPod',
    ]);
    // The prompt names the pod of the describe excerpt that follows.
    expect(
      r.events.filter((e) => e.line > lines).map((e) => [e.what, e.pod, e.data?.block]),
    ).toEqual([
      ['ContainerState', 'default/ubuntu', 'last'],
      ['ContainerReason', 'default/ubuntu', 'last'],
      ['ContainerExitCode', 'default/ubuntu', 'last'],
      ['ContainerStartedAt', 'default/ubuntu', 'last'],
      ['ContainerFinishedAt', 'default/ubuntu', 'last'],
    ]);
    expect(r.formats).toEqual(expect.arrayContaining(['klog-printf', 'describe-pod']));
  });

  it('logs of other days pasted one after another: the year does not drift', () => {
    const day = (m: string, d: string, pod: string) =>
      `I${m}${d} 10:00:00.000000    1 kubelet.go:2433] "SyncLoop ADD" source="api" pods=["default/${pod}"]`;
    // December then March then November then December again: each file in the user's year.
    const pasted = [
      day('12', '30', 'a'),
      day('03', '01', 'b'),
      day('11', '02', 'c'),
      day('12', '01', 'd'),
    ].join('\n');
    const r = replayText(pasted, { year: 2025 });
    const years = r.events.map((e) => new Date(e.us / 1000).getUTCFullYear());
    expect(years).toEqual([2025, 2025, 2025, 2025]);
    // A log that crosses New Year does move on a year.
    const crossing = replayText([day('12', '31', 'a'), day('01', '01', 'b')].join('\n'), {
      year: 2025,
    });
    expect(crossing.events.map((e) => new Date(e.us / 1000).getUTCFullYear())).toEqual([
      2025, 2026,
    ]);
  });

  it('nothing about a pod: the sentence says what was seen', () => {
    const startUp = [
      'I1122 10:00:00.000000    1234 server.go:487] "Kubelet version" kubeletVersion="v1.31.1"',
      'I1122 10:00:00.100000    1234 server.go:489] "Golang settings" GOGC="" GOMAXPROCS=""',
    ].join('\n');
    expect(unusable(replayText(startUp, { year: 2025 }))).toMatch(
      /^2 klog lines, none about a pod/,
    );
    expect(unusable(replayText('', { year: 2025 }))).toBe('the input is empty');
  });
});

describe('containerd lines the model prints are read back, every one', () => {
  const dir = join(import.meta.dirname, '../../../presets');
  const presets = readdirSync(dir)
    .filter((f) => f.endsWith('.yaml'))
    .map((f) => ({ f, p: parseScenario(readFileSync(join(dir, f), 'utf8')) }))
    .filter(({ p }) => p.ok && p.scenario.node.kubeletVersion === CURRENT_KUBELET_VERSION);

  it.each(presets.map(({ f }) => f))('%s', (f) => {
    const p = presets.find((x) => x.f === f)!.p;
    if (!p.ok) throw new Error(f);
    const ids = new RuntimeIds();
    const unread: string[] = [];
    for (const l of containerdLog(simulate(p.scenario))) {
      const text = formatContainerdLine(l);
      const parsed = parseRuntimeLine(text, 'containerd');
      if (!parsed || !recogniseRuntime(parsed, ids)) unread.push(text);
    }
    expect(unread).toEqual([]);
  });
});
