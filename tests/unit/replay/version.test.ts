/**
 * The version guess: a range of minors from tells checked in the sources, mapped to a runnable
 * version by one function (versionMap.ts) that keeps working as more minors become runnable.
 */
import { describe, expect, it } from 'vitest';
import { replayText } from '../../../src/replay';
import { MESSAGE_MINORS } from '../../../src/replay/messageMinors';
import { KNOWN_MESSAGES } from '../../../src/replay/messages';
import { minorsLabel, VersionTells } from '../../../src/replay/version';
import { kubeletVersionFor, minorOf } from '../../../src/replay/versionMap';
import { CURRENT_KUBELET_VERSION, KUBELET_VERSIONS } from '../../../src/sim/versions/names';

describe('kubeletVersionFor', () => {
  it('no tell: the current kubelet', () => {
    expect(kubeletVersionFor({ lo: 0, hi: Infinity, known: false })).toBe(CURRENT_KUBELET_VERSION);
  });
  it('the newest runnable minor inside the range, else the nearest of the same era', () => {
    const era = (m: number) => (m <= 6 ? 0 : m <= 20 ? 1 : 2);
    for (let lo = 0; lo <= 37; lo++)
      for (const hi of [lo, lo + 1, lo + 3, lo + 10, Infinity]) {
        const got = kubeletVersionFor({ lo, hi, known: true });
        expect(KUBELET_VERSIONS).toContain(got);
        const inside = KUBELET_VERSIONS.map(minorOf).filter((m) => m >= lo && m <= hi);
        if (inside.length) expect(minorOf(got)).toBe(Math.max(...inside));
        else {
          const sameEra = KUBELET_VERSIONS.map(minorOf).filter(
            (m) => era(m) === era(Math.min(hi, 99)),
          );
          if (sameEra.length) expect(sameEra).toContain(minorOf(got));
        }
      }
  });
});

describe('tells', () => {
  it('labels', () => {
    expect(minorsLabel(19, 20)).toBe('1.19–1.20');
    expect(minorsLabel(29, Infinity)).toBe('≥ 1.29');
    expect(minorsLabel(0, 18)).toBe('≤ 1.18');
    expect(minorsLabel(27, 27)).toBe('1.27');
  });
  it('Event texts narrow the range: "Created container: x" and a pull with its size', () => {
    const t = new VersionTells();
    t.eventMessage('Created', 'Created container: app');
    t.eventMessage(
      'Pulled',
      'Successfully pulled image "x" in 1s (1s including waiting). Image size: 5 bytes.',
    );
    const g = t.guess();
    expect([g.lo, g.hi, g.label]).toEqual([32, 34, '1.32–1.34']);
    expect(g.tells).toHaveLength(2);
  });
  it('container back-off lines from manager.go are dockertools (≤ 1.6), from kuberuntime_manager.go not', () => {
    // kubernetes/kubernetes#14337 (2015): dockertools/manager.go, the DockerManager era.
    const old = replayText(
      'I0922 05:45:40.035019   32732 manager.go:1913] Back-off 5m0s restarting failed container=kube-scheduler pod=kube-scheduler-kubernetes-master_kube-system',
      { year: 2015 },
    );
    expect([old.version.label, old.version.version]).toEqual(['≤ 1.6', '1.3']);
    const cri = replayText(
      'I1029 13:16:06.471446    4919 kuberuntime_manager.go:751] Back-off 5m0s restarting failed container=alpine pod=alpine-368057524-bgt0m_default(cc89ef7c-bc47-11e7-85ce-901b0edee6b6)',
      { year: 2017 },
    );
    expect(cri.version.label).toBe('≤ 1.20');
  });
  it('tells that disagree are kept and said; the guess is where most agree', () => {
    const r = replayText(
      [
        '  Normal  Created  1s  kubelet  Created container: app',
        '  Normal  Started  1s  kubelet  Container started',
        '  Normal  Pulled   1s  kubelet  Successfully pulled image "x" in 1s (1s including waiting). Image size: 5 bytes.',
      ].join('\n'),
      { year: 2025 },
    );
    expect(r.version.conflicting.length).toBeGreaterThan(0);
    expect(KUBELET_VERSIONS).toContain(r.version.version);
  });
  it('every structured message of the table has its minors, read from the sources', () => {
    const rows = new Map(MESSAGE_MINORS.map(([m, lo, hi]) => [m, [lo, hi]]));
    for (const [, [lo, hi]] of rows) {
      expect(lo).toBeGreaterThanOrEqual(21);
      expect(hi).toBeGreaterThanOrEqual(lo!);
    }
    // Most keyed messages are in it (the rest are client-go's, volume operations' or printf).
    const known = KNOWN_MESSAGES.filter((m) => rows.has(m));
    expect(known.length / KNOWN_MESSAGES.length).toBeGreaterThan(0.6);
  });
});
