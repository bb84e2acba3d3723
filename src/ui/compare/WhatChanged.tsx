/**
 * Compare with two kubelet versions: the changelog rows between them that touch this scenario
 * (a line it prints, an Event it records, a part it has), oldest first, each with its release,
 * its KEP or PR and the Go source it was read in. Each run is asked against the other's
 * version (the engine worker loads the changelog when first asked); the list is their union.
 */
import { useMemo } from 'react';
import type { ChangeEntry, KubeletVersionName } from '../../sim';
import type { RunView } from '../../state/types';
import { useEngineViews, useViewsVersion } from '../app/engineViews';

function versionOf(run: RunView): KubeletVersionName {
  return (run.raw as { scenario: { node: { kubeletVersion: KubeletVersionName } } }).scenario.node
    .kubeletVersion;
}

/** A link for "KEP-3329" or "PR #115331"; the file or page otherwise (no link). */
function refHref(ref: string): string | undefined {
  const kep = /^KEP-(\d+)/.exec(ref);
  if (kep) return `https://github.com/kubernetes/enhancements/issues/${kep[1]}`;
  const pr = /^PR #(\d+)/.exec(ref);
  if (pr) return `https://github.com/kubernetes/kubernetes/pull/${pr[1]}`;
  return undefined;
}

const minor = (v: string) => (v === '1.3' ? 3 : Number(v.split('.')[1]));

export function WhatChanged({ runA, runB }: { readonly runA: RunView; readonly runB: RunView }) {
  const views = useEngineViews();
  const answered = useViewsVersion(views);
  const vA = versionOf(runA);
  const vB = versionOf(runB);
  const rows = useMemo((): readonly ChangeEntry[] | null => {
    void answered;
    const a = views.changesAgainst(runA, vB);
    const b = views.changesAgainst(runB, vA);
    if (a === null || b === null) return null;
    const byId = new Map<string, ChangeEntry>();
    for (const e of [...a, ...b]) {
      const had = byId.get(e.id);
      byId.set(
        e.id,
        had && had.because !== e.because ? { ...had, because: `${had.because}; ${e.because}` } : e,
      );
    }
    return [...byId.values()].sort((x, y) => minor(x.release) - minor(y.release));
  }, [views, runA, runB, vA, vB, answered]);
  if (vA === vB) return null;
  const [older, newer] = minor(vA) < minor(vB) ? [vA, vB] : [vB, vA];
  return (
    <section className="what-changed" aria-label="What changed">
      <h3 className="what-changed-title">
        What changed from {older} to {newer}
        <span className="muted what-changed-count">
          {rows === null
            ? ' · reading the changelog…'
            : ` · ${rows.length} changelog ${rows.length === 1 ? 'row touches' : 'rows touch'} this scenario`}
        </span>
      </h3>
      {older === '1.3' && (
        <p className="muted what-changed-note">
          1.3 is DockerManager&apos;s own flow, before the CRI kubelet: the changelog starts at
          1.18.
        </p>
      )}
      {rows && rows.length > 0 && (
        <ol className="what-changed-list" tabIndex={0} aria-label="Changelog rows">
          {rows.map((r) => {
            const href = refHref(r.ref);
            return (
              <li key={r.id}>
                <span className="what-changed-release">{r.release}</span>
                <span className="what-changed-what">{r.what}</span>{' '}
                {href ? (
                  <a className="what-changed-ref" href={href} target="_blank" rel="noreferrer">
                    {r.ref}
                  </a>
                ) : (
                  <span className="what-changed-ref">{r.ref}</span>
                )}
                <span className="muted what-changed-why">
                  {' '}
                  · {r.because} · source: {r.source}
                  {r.unverified !== undefined ? ` · not verified: ${r.unverified}` : ''}
                </span>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
