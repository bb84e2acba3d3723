import { describe, expect, it } from 'vitest';
import { formatKlog, loadPreset, simulate } from '../index';
import { Deferred, LogRecords } from './logRecords';
import type { LogLine } from './types';

function run(preset: Parameters<typeof loadPreset>[0]) {
  const p = loadPreset(preset);
  if (!p.ok) throw new Error(`${preset} does not parse`);
  return simulate(p.scenario);
}

const FORM = Object.freeze({ v: 3, severity: 'I' as const, source: 'x.go:1', msg: 'Patch' });

describe('log records', () => {
  it('prints a deferred value when the line is first read, once', () => {
    let renders = 0;
    const logs = new LogRecords();
    const kv = [['status', new Deferred(() => `"s${++renders}"`) as unknown as string]] as [
      string,
      string,
    ][];
    logs.addForm(FORM, kv, 5, 100);
    expect(renders).toBe(0);
    const line = logs.at(0)!;
    expect(line).toEqual({ ...FORM, kv: [['status', '"s1"']], step: 5, t: 100 });
    expect(logs.at(0)).toBe(line);
    expect(renders).toBe(1);
  });

  it('a run records its lines as message ids and pairs, its status texts unprinted', () => {
    const logs = run('crashloop-15m').trace.logs;
    expect(logs.forms.length).toBeLessThan(logs.length / 4);
    const deferred = logs.kv.filter((kv) => kv.some(([, v]) => (v as unknown) instanceof Deferred));
    expect(deferred.length).toBeGreaterThan(0);
    // Read, a line prints its status as text.
    const i = logs.kv.indexOf(deferred[0]!);
    const text = formatKlog(logs.at(i)!);
    expect(text).toMatch(/ (patch="\{\\"metadata|status=\{"observedGeneration)/);
    expect(text).not.toContain('[object');
  });

  it('the lines before a step are a store of their own, numbered as a run of them would be', () => {
    const logs = run('crashloop-15m').trace.logs;
    const steps = logs.step[Math.floor(logs.length / 2)]!;
    const prefix = logs.before(steps);
    const lines = logs.slice().filter((l) => l.step < steps);
    expect(prefix.slice()).toEqual(lines);
    // Message ids in first-use order, as a run of those steps alone numbers them.
    const alone = LogRecords.fromLines(lines);
    expect(prefix.forms).toEqual(alone.forms);
    expect(prefix.form).toEqual(alone.form);
    expect(prefix.forms.length).toBeLessThanOrEqual(logs.forms.length);
  });

  it("serialises as the list of its lines, each line's keys in the order they always had", () => {
    const logs = new LogRecords();
    logs.add({ v: 0, severity: 'I', source: 'a.go:1', msg: 'm', kv: [['k', '"v"']] }, 0, 1);
    logs.add({ v: 2, severity: 'E', source: 'b.go:2', msg: 'n', kv: [], text: 'printf' }, 1, 2);
    const lines = (JSON.parse(JSON.stringify({ logs })) as { logs: LogLine[] }).logs;
    expect(lines.map((l) => Object.keys(l).join())).toEqual([
      'v,severity,source,msg,kv,step,t',
      'v,severity,source,msg,kv,text,step,t',
    ]);
    expect(logs.filter((l) => l.v <= 0).map((l) => l.msg)).toEqual(['m']);
    expect(logs.vAt(1)).toBe(2);
  });
});
