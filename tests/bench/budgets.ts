/**
 * Issue 16's engine budgets and ratio budgets, in one place so the table and `--check` agree. Times are
 * for this machine (2 cores); ratios are measured in the same run as what they divide by.
 */

/** An empty page's median first contentful paint on this machine, ms (`npm run bench -- browser`, 2026-11-24). */
const EMPTY_PAINT_MS = 44;

export const BUDGETS = {
  /** The 110-pod / 256-CPU / 30-min node, whole run: 10 frames. */
  fullRunMs: 167,
  /** An edit at 25 min re-runs only the future: at most 35% of a full run. */
  rerunRatio: 0.35,
  /** stateAt anywhere in that run: 0.1 frame... */
  seekMs: 1.7,
  /** ...and at most 0.5% of a full run. */
  seekRatio: 0.005,
  /** Retained heap of the run, against HEAP_BASELINE_MB. */
  heapGrowth: 1.5,
  /**
   * hello-pod's first diagram ÷ an empty page's first contentful paint, same run: the 400 ms
   * budget over the empty page's median first paint on this machine (EMPTY_PAINT_MS), so the
   * figure means the same on a faster or a busier machine.
   */
  firstDiagramRatio: 400 / EMPTY_PAINT_MS,
};

/** Retained heap of the 110-pod run before issue 16 (commit dfc2e14), MB (tests/bench/memory.ts). */
export const HEAP_BASELINE_MB = 75.9;
