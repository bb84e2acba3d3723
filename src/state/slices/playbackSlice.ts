/**
 * Cursor and playback. `cursor` counts applied steps (exact; stepping moves it);
 * `timeMs` is the playhead's simulated time (smooth; playing and scrubbing move it,
 * and the cursor follows as every step at or before it). Nothing here re-runs the
 * simulation.
 */
import type { StateCreator } from 'zustand';
import {
  cursorAtTime,
  nextCursor,
  prevCursor,
  speedFromLog,
  timeAtCursor,
  unionStep,
} from '../../viz/playback/cursor';
import { followWindow } from '../../viz/zoomWindow';
import type { AppState } from '../store';
import type { Granularity } from '../types';
import { timeEnd } from './compareSlice';

export interface PlaybackSlice {
  readonly cursor: number;
  readonly timeMs: number;
  readonly playing: boolean;
  /** log10 of simulated seconds per wall second, in [-2, 2]. */
  readonly speedLog: number;
  readonly granularity: Granularity;
  play: () => void;
  pause: () => void;
  togglePlay: () => void;
  stepForward: () => void;
  stepBack: () => void;
  jumpStart: () => void;
  jumpEnd: () => void;
  /** Moves the playhead to simulated time t; `exact` keeps t even between steps. */
  seekTime: (t: number, exact?: boolean) => void;
  seekCursor: (cursor: number) => void;
  setSpeedLog: (v: number) => void;
  setGranularity: (g: Granularity) => void;
  /** Advances playback by `wallMs` of wall time (called once per animation frame). */
  tick: (wallMs: number) => void;
}

export const createPlaybackSlice: StateCreator<AppState, [], [], PlaybackSlice> = (set, get) => {
  const notable = () => {
    const { run, granularity } = get();
    return run && granularity === 'kubelet' ? run.notable : null;
  };
  /** Under Compare, ←/→ walk both runs' steps (unionStep); true when it took the step. */
  const stepBoth = (dir: 1 | -1): boolean => {
    const { run, compare, granularity, cursor, timeMs } = get();
    if (!run || !compare) return false;
    const kubelet = granularity === 'kubelet';
    const b = compare.run;
    const to = unionStep(
      dir,
      { times: run.times, total: run.total, notable: notable() },
      cursor,
      { times: b.times, total: b.total, notable: kubelet ? b.notable : null },
      timeMs,
    );
    if (to && 'cursor' in to) get().seekCursor(to.cursor);
    else if (to) {
      get().seekTime(to.t, true);
      get().followPlayhead();
    }
    return true;
  };
  return {
    cursor: 0,
    timeMs: 0,
    playing: false,
    speedLog: 0,
    granularity: 'kubelet',
    play() {
      const { run, cursor } = get();
      if (!run) return;
      // Playing from the end (the last step, wherever the playhead rests after it)
      // starts again from the beginning, as media players do.
      // With Compare on, the axis runs to the later run's end.
      const end = timeEnd(get());
      if ((cursor >= run.total && end <= run.endT) || get().timeMs >= end) {
        get().seekCursor(0);
        set({ timeMs: 0 });
      }
      set({ playing: true, follow: true });
    },
    pause() {
      set({ playing: false });
    },
    togglePlay() {
      if (get().playing) get().pause();
      else get().play();
    },
    stepForward() {
      const run = get().run;
      if (!run) return;
      set({ playing: false });
      if (stepBoth(1)) return;
      get().seekCursor(nextCursor(run.total, get().cursor, notable()));
    },
    stepBack() {
      if (!get().run) return;
      set({ playing: false });
      if (stepBoth(-1)) return;
      get().seekCursor(prevCursor(get().cursor, notable()));
    },
    jumpStart() {
      set({ playing: false });
      get().seekCursor(0);
      set({ timeMs: 0 });
    },
    jumpEnd() {
      const run = get().run;
      if (!run) return;
      set({ playing: false });
      set({ cursor: run.total, timeMs: timeEnd(get()) });
      // Keep the playhead in view (it may be zoomed in far from the end).
      get().followPlayhead();
    },
    seekTime(t, exact = true) {
      const run = get().run;
      if (!run) return;
      const clamped = Math.min(Math.max(0, t), timeEnd(get()));
      const cursor = cursorAtTime(run.times, clamped);
      set({ cursor, timeMs: exact ? clamped : timeAtCursor(run.times, cursor) });
    },
    seekCursor(cursor) {
      const run = get().run;
      if (!run) return;
      const c = Math.min(Math.max(0, Math.round(cursor)), run.total);
      set({ cursor: c, timeMs: timeAtCursor(run.times, c) });
      get().followPlayhead();
    },
    setSpeedLog(v) {
      set({ speedLog: Math.min(2, Math.max(-2, v)) });
    },
    setGranularity(g) {
      set({ granularity: g });
    },
    tick(wallMs) {
      const s = get();
      const run = s.run;
      if (!s.playing || !run) return;
      // Advance in warped time, so a collapsed idle gap flies by like a few pixels.
      const w = s.warp.toWarp(s.timeMs) + wallMs * speedFromLog(s.speedLog);
      let t = s.warp.fromWarp(w);
      let playing = true;
      const end = timeEnd(s);
      if (t >= end) {
        t = end;
        playing = false;
      }
      set({ timeMs: t, cursor: playing ? cursorAtTime(run.times, t) : run.total, playing });
      if (s.follow) {
        const win = followWindow(s.window, t, end, s.warp);
        if (win !== s.window) set({ window: win });
      }
    },
  };
};
