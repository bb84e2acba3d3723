/**
 * Guessing the kubelet's version from how its output looks, as finely as the evidence allows:
 * each tell is a range of minors (1.x) that print exactly what the input shows, checked in the
 * Go sources of the releases it separates (pkg/kubelet of 1.18–1.36; KubeEdge's vendored
 * 1.10.9, 1.15.3, 1.17.1 and 1.23.17; a ~1.6 tree for dockertools), and the guess is where
 * the most tells agree. The range is mapped to a version kubeletscope models by
 * `kubeletVersionFor` (versionMap.ts).
 */
import { MESSAGE_MINORS, OPEN } from './messageMinors';
import { kubeletVersionFor } from './versionMap';
import type { VersionGuess } from './types';

/** The oldest and newest minors a guess can name (1.0 … the current release). */
export const MIN_MINOR = 0;
export const MAX_MINOR = 37;

const BY_MESSAGE = new Map(MESSAGE_MINORS.map(([m, lo, hi]) => [m, [lo, hi] as const]));

/** "1.19–1.20", "≥ 1.29", "≤ 1.18", "1.27". */
export function minorsLabel(lo: number, hi: number): string {
  const top = !Number.isFinite(hi) || hi >= MAX_MINOR;
  if (lo <= MIN_MINOR && top) return 'any release';
  if (top) return `≥ 1.${lo}`;
  if (lo <= MIN_MINOR) return `≤ 1.${hi}`;
  return lo === hi ? `1.${lo}` : `1.${lo}–1.${hi}`;
}

interface Tell {
  readonly text: string;
  readonly lo: number;
  readonly hi: number;
}

export class VersionTells {
  private readonly tells = new Map<string, Tell>();

  /** A tell: the input shows something only minors lo…hi print (hi Infinity: still printed). */
  add(text: string, lo: number, hi: number): void {
    if (this.tells.has(text) || this.tells.size >= 64) return;
    this.tells.set(text, { text, lo: Math.max(MIN_MINOR, lo), hi: Math.min(MAX_MINOR, hi) });
  }

  /** A structured message (and file) whose text only some releases log. */
  message(msg: string, file: string): void {
    const r = BY_MESSAGE.get(msg);
    if (!r) return;
    this.add(`"${msg}"${file ? ` (${file})` : ''}: ${minorsLabel(r[0], r[1])}`, r[0], r[1]);
  }

  /** Event message texts that changed between releases. */
  eventMessage(reason: string, message: string): void {
    if (/^Created container with docker id /.test(message))
      this.add('Event "Created container with docker id …" (dockertools): ≤ 1.6', 0, 6);
    else if (/^(Created|Started) container with id /.test(message))
      this.add(
        'Event "Created container with id …" (kuberuntime before 1.10.9): ≤ 1.9 (a ~1.6 tree prints it)',
        5,
        9,
      );
    else if (reason === 'Created' && message === 'Created container')
      this.add(
        'Event "Created container" without a name: ≤ 1.14 (1.10.9 prints it, 1.15.3 names the container)',
        6,
        14,
      );
    else if (/^Created container: /.test(message))
      this.add('Event "Created container: <name>": 1.32–1.34', 32, 34);
    else if (reason === 'Created' && /^Created container (?!with )[a-z0-9]/.test(message))
      this.add('Event "Created container <name>": 1.11–1.31', 11, 31);
    else if (message === 'Container created' || message === 'Container started')
      this.add('Event "Container created" / "Container started": ≥ 1.35', 35, OPEN);
    else if (reason === 'Started' && /^Started container (?!with )[a-z0-9]/.test(message))
      this.add('Event "Started container <name>": 1.11–1.34', 11, 34);
    else if (reason === 'Pulling' && /^pulling image "/.test(message))
      this.add('Event "pulling image" in lower case: ≤ 1.14 (1.15.3 capitalises it)', 0, 14);
    else if (reason === 'Pulled' && /^Successfully pulled image "[^"]*"$/.test(message))
      this.add('Event "Successfully pulled image" without a duration: ≤ 1.18', 0, 18);
    else if (
      reason === 'Pulled' &&
      / \(.* including waiting\)\. Image size: \d+ bytes\.$/.test(message)
    )
      this.add('Event "Pulled … (… including waiting). Image size: N bytes.": ≥ 1.30', 30, OPEN);
    else if (reason === 'Pulled' && / \(.* including waiting\)$/.test(message))
      this.add(
        'Event "Pulled … (… including waiting)" without a size: 1.23–1.29 (1.23.17 and 1.26 print it, 1.25.2 does not)',
        23,
        29,
      );
    else if (reason === 'Pulled' && /^Successfully pulled image "[^"]*" in [^(]+$/.test(message))
      this.add('Event "Successfully pulled image … in <d>" without the wait: 1.19–1.25', 19, 25);
    else if (reason === 'BackOff' && message === 'Back-off restarting failed container')
      this.add('Event "Back-off restarting failed container" without a name: ≤ 1.25', 0, 25);
    else if (
      reason === 'BackOff' &&
      /^Back-off restarting failed container \S+ in pod /.test(message)
    )
      this.add('Event "Back-off restarting failed container <c> in pod <p>": ≥ 1.26', 26, OPEN);
  }

  /**
   * A container status's waiting message. From 1.32 the image back-off keeps the previous
   * pull's error in it (image_manager.go: `msg = fmt.Sprintf("%s: %s", msg, prevPullErrMsg)`);
   * the BackOff Event's message never has it.
   */
  statusMessage(message: string): void {
    if (/^Back-off pulling image "[^"]*": \S/.test(message))
      this.add(
        'container status message "Back-off pulling image "…": <previous pull error>" (image_manager.go): ≥ 1.32',
        32,
        OPEN,
      );
  }

  guess(): VersionGuess {
    const tells = [...this.tells.values()];
    if (tells.length === 0) {
      const version = kubeletVersionFor({ lo: MIN_MINOR, hi: MAX_MINOR, known: false });
      return {
        lo: MIN_MINOR,
        hi: MAX_MINOR,
        known: false,
        label: 'unknown',
        version,
        tells: [`no version tell in the input: assumed ${version}`],
        conflicting: [],
      };
    }
    // The minors where the most tells agree, as one contiguous range around the newest of them.
    const score = (m: number) => tells.filter((t) => t.lo <= m && m <= t.hi).length;
    let best = 0;
    for (let m = MIN_MINOR; m <= MAX_MINOR; m++) best = Math.max(best, score(m));
    let hi = MAX_MINOR;
    while (score(hi) < best) hi--;
    let lo = hi;
    while (lo > MIN_MINOR && score(lo - 1) === best) lo--;
    const agree = tells.filter((t) => t.lo <= lo && hi <= t.hi);
    const conflicting = tells.filter((t) => !agree.includes(t)).map((t) => t.text);
    return {
      lo,
      hi,
      known: true,
      label: minorsLabel(lo, hi),
      version: kubeletVersionFor({ lo, hi, known: true }),
      tells: agree.map((t) => t.text),
      conflicting,
    };
  }
}
