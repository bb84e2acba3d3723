/** "Playback speed": simulated seconds per wall second on a log scale, 1/100× to 100×. */
import { formatSpeed, SPEED_MAX_LOG, SPEED_MIN_LOG } from '../../viz/playback/cursor';
import { useApp, useAppStore } from '../app/storeContext';

export function SpeedControl() {
  const store = useAppStore();
  const v = useApp((s) => s.speedLog);
  const label = formatSpeed(v);
  return (
    <label className="field field-speed">
      <span className="field-label">Speed</span>
      <input
        type="range"
        aria-label="Playback speed"
        aria-valuetext={`${label} simulated time`}
        min={SPEED_MIN_LOG}
        max={SPEED_MAX_LOG}
        step={0.1}
        value={v}
        onChange={(e) => store.getState().setSpeedLog(Number(e.currentTarget.value))}
      />
      <output className="speed-value">{label}</output>
    </label>
  );
}
