/**
 * Pod names often share a long prefix (a Deployment's "checkout-api-7f9c8d6b5-" and a
 * random suffix); a lane label cut at its end then shows the same text for every pod.
 * Each label that shares more than `keep` leading characters with another is shown from
 * shortly before the first character that tells them apart, with "…" for the rest.
 */
export function distinctLabels(labels: readonly string[], keep = 12, context = 4): string[] {
  const common = (a: string, b: string) => {
    let i = 0;
    while (i < a.length && i < b.length && a[i] === b[i]) i++;
    return i;
  };
  return labels.map((l, i) => {
    let shared = 0;
    labels.forEach((o, j) => {
      if (j !== i && o !== l) shared = Math.max(shared, common(l, o));
    });
    if (shared <= keep) return l;
    // Keep the namespace ("default/") and a few characters before the difference.
    const slash = l.indexOf('/');
    const from = Math.max(slash + 1, shared - context);
    if (from <= slash + 1) return l;
    return `${l.slice(0, slash + 1)}…${l.slice(from)}`;
  });
}
