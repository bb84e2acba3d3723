/**
 * The changelog's rows: each names its release, what changed, its KEP or PR (or the file when
 * neither could be named) and the Go source it was read in; 1.37's rows name the commit of
 * 1.37's code freeze they were read at (1.37.0 is not on hand), or say what they rest on. A minor is the changelog applied up to it: the current one prints as
 * the machines do (no message table), and a gate's default is the one of the last row before.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseScenario, versionNotes, versionProblems } from '../../../src/sim/index';
import { BEHAVIOUR_ROWS } from '../../../src/sim/versions/changelog/behaviours';
import { DESCRIBE_ROWS } from '../../../src/sim/versions/changelog/describe';
import { EVENT_ROWS } from '../../../src/sim/versions/changelog/events';
import { GATE_ROWS } from '../../../src/sim/versions/changelog/gates';
import { KLOG_ROWS, KLOG_SOURCES } from '../../../src/sim/versions/changelog/klog';
import { messageTableOf } from '../../../src/sim/versions/changelog/messages';
import { POLICY_OPTION_ROWS } from '../../../src/sim/versions/changelog/policyOptions';
import {
  effectiveGates,
  gateProblems,
  profileOf,
} from '../../../src/sim/versions/changelog/profile';
import type { ChangelogRowBase } from '../../../src/sim/versions/changelog/types';
import {
  CURRENT_KUBELET_VERSION,
  KUBELET_MINORS,
  isKubeletMinor,
} from '../../../src/sim/versions/names';

const TABLES: readonly (readonly [string, readonly ChangelogRowBase[]])[] = [
  ['gates', GATE_ROWS],
  ['behaviours', BEHAVIOUR_ROWS],
  ['describe', DESCRIBE_ROWS],
  ['policy options', POLICY_OPTION_ROWS],
  ['events', EVENT_ROWS],
  ['klog', KLOG_ROWS],
];

describe('every changelog row names its source', () => {
  for (const [table, rows] of TABLES)
    it(`${table}: release, what, KEP/PR, source; 1.37 rows name their commit`, () => {
      expect(rows.length).toBeGreaterThan(0);
      for (const r of rows) {
        const where = `${table} ${r.release}: ${r.what}`;
        expect(isKubeletMinor(r.release), where).toBe(true);
        expect(r.what.trim().length, where).toBeGreaterThan(5);
        // A KEP, a PR, or the file (the kubelet's, client-go's, kubectl's, klog's, a page).
        expect(r.ref, where).toMatch(/^(KEP-\d+|PR #\d+|[\w./-]+\.go|[\w./ -]+)/);
        expect(r.ref.trim().length, where).toBeGreaterThan(3);
        // The source names a file or page and the tree it was read in.
        expect(r.source, where).toMatch(/\.go|page|post|notes|CHANGELOG|KEP|Go 1\.\d+/i);
        if (!/page|post|release notes|CHANGELOG|KEP|Go 1\.\d+/i.test(r.source))
          expect(r.source, where).toMatch(/v1\.\d+\.\d+|\d\.\d+\.\d+|v2\.\d+/);
        // 1.37.0 is not on hand: a 1.37 row names the commit of 1.37's code freeze it was read
        // at, or says what it rests on.
        if (r.release === '1.37' && r.unverified === undefined)
          expect(r.source, where).toMatch(/kubernetes\/kubernetes@[0-9a-f]{40}/);
      }
    });

  it('every klog line a minor prints has that minor’s file:line', () => {
    for (const v of KUBELET_MINORS.filter((m) => m !== '1.37'))
      for (const [key, where] of Object.entries(KLOG_SOURCES[v] ?? {}))
        expect(where, `${key} on ${v}`).toMatch(/^[a-z_0-9]+\.go:\d+$/);
  });
});

describe('a minor is the changelog applied up to it', () => {
  it('the current release prints as the machines do: no message table', () => {
    expect(messageTableOf(CURRENT_KUBELET_VERSION)).toBeUndefined();
    expect(messageTableOf('1.34')).toBeDefined();
    expect(messageTableOf('1.18')).toBeDefined();
  });

  it('gates take their default per release; an unknown or locked one is refused', () => {
    const g = (v: (typeof KUBELET_MINORS)[number], name: string) => profileOf(v).gates[name];
    expect(g('1.27', 'SidecarContainers')).toBeUndefined();
    expect(g('1.28', 'SidecarContainers')).toMatchObject({ stage: 'alpha', default: false });
    expect(g('1.29', 'SidecarContainers')).toMatchObject({ stage: 'beta', default: true });
    expect(g('1.33', 'SidecarContainers')).toMatchObject({ stage: 'GA', default: true });
    expect(g('1.31', 'KubeletCrashLoopBackOffMax')).toBeUndefined();
    expect(g('1.32', 'KubeletCrashLoopBackOffMax')).toMatchObject({
      stage: 'alpha',
      default: false,
    });
    expect(g('1.35', 'KubeletCrashLoopBackOffMax')).toMatchObject({ stage: 'beta', default: true });
    expect(g('1.35', 'ChangeContainerStatusOnKubeletRestart')).toMatchObject({
      stage: 'deprecated',
      default: false,
    });
    // A gate before its first release reads as off (its feature is not there).
    expect(effectiveGates(profileOf('1.32'), undefined).DisableCPUQuotaWithExclusiveCPUs).toBe(
      false,
    );
    expect(effectiveGates(profileOf('1.33'), undefined).DisableCPUQuotaWithExclusiveCPUs).toBe(
      true,
    );
    expect(gateProblems(profileOf('1.27'), { SidecarContainers: true })).toHaveLength(1);
    expect(gateProblems(profileOf('1.28'), { SidecarContainers: true })).toEqual([]);
  });
});

describe('featureGates as the release reads them', () => {
  it('a gate the model acts on is read; one it does not is accepted and listed', () => {
    const p = parseScenario(readFileSync('presets/hello-pod.yaml', 'utf8'));
    if (!p.ok) throw new Error('preset');
    const s = {
      ...p.scenario,
      node: {
        ...p.scenario.node,
        kubelet: {
          ...p.scenario.node.kubelet,
          featureGates: {
            InPlacePodLevelResourcesVerticalScaling: false,
            KubeletCrashLoopBackOffMax: true,
          },
        },
      },
    };
    expect(versionNotes(s)).toEqual([
      'node.kubelet.featureGates: accepted, not modelled: InPlacePodLevelResourcesVerticalScaling',
    ]);
    // Accepted, not refused: the note and the check agree.
    expect(versionProblems(s)).toEqual([]);
  });
});
