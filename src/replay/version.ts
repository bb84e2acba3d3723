/**
 * Guessing the kubelet's version from how its output looks (log-formats §0.2 and §5):
 * printf SyncLoop lines are ≤ v1.20, docker-era Event texts and api.ObjectReference are
 * v1.3, structured InfoS lines are v1.21+, and newer Event texts pin the current releases.
 */
import type { KubeletVersionGuess, VersionGuess } from './types';

export class VersionTells {
  private readonly score: Record<KubeletVersionGuess, number> = {
    'v1.3': 0,
    'v1.18': 0,
    current: 0,
  };
  private readonly seen = new Map<string, KubeletVersionGuess>();

  add(version: KubeletVersionGuess, tell: string): void {
    this.score[version]++;
    if (!this.seen.has(tell) && this.seen.size < 20) this.seen.set(tell, version);
  }

  /** Event message texts that changed between releases. */
  eventMessage(reason: string, message: string): void {
    if (/^Created container with docker id /.test(message))
      this.add('v1.3', 'Event "Created container with docker id …": dockertools, kubelet ≤ v1.6');
    else if (reason === 'Pulling' && /^pulling image "/.test(message))
      this.add('v1.3', 'Event "pulling image" in lower case: kubelet ≤ v1.13');
    else if (/^Created container: /.test(message))
      this.add('current', 'Event "Created container: <name>": kubelet v1.33–v1.34');
    else if (message === 'Container created' || message === 'Container started')
      this.add('current', 'Event "Container created": kubelet ≥ v1.35 (#134043)');
    else if (reason === 'Pulled' && /^Successfully pulled image "[^"]*"$/.test(message))
      this.add('v1.18', 'Event "Successfully pulled image" without a duration: kubelet ≤ v1.18');
    else if (reason === 'Pulled' && / \(.* including waiting\)/.test(message))
      this.add('current', 'Event "Pulled … (… including waiting)": kubelet ≥ v1.26 (#111772)');
  }

  guess(): VersionGuess {
    const order: KubeletVersionGuess[] = ['v1.3', 'v1.18', 'current'];
    let best: KubeletVersionGuess = 'current';
    let bestScore = 0;
    // The oldest tell wins a tie: old kubelets never print new forms, new ones can quote old texts.
    for (const v of order)
      if (this.score[v] > bestScore) {
        best = v;
        bestScore = this.score[v];
      }
    if (this.score['v1.3'] > 0) best = 'v1.3';
    const tells = [...this.seen].filter(([, v]) => v === best).map(([t]) => t);
    return {
      version: best,
      tells: bestScore === 0 ? ['no version tell in the input: assumed current'] : tells,
    };
  }
}
