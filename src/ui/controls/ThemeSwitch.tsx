/** System, light or dark: remembered by the browser (see ../theme.ts). */
import { isTheme, setTheme, THEMES, useTheme } from '../theme';

const LABEL = { system: 'system', light: 'light', dark: 'dark' } as const;

export function ThemeSwitch() {
  const theme = useTheme();
  return (
    <label className="field theme-switch">
      <span className="field-label">Theme</span>
      <select
        aria-label="Theme"
        value={theme}
        onChange={(e) => {
          const v = e.currentTarget.value;
          if (isTheme(v)) setTheme(v);
        }}
      >
        {THEMES.map((t) => (
          <option key={t} value={t}>
            {LABEL[t]}
          </option>
        ))}
      </select>
    </label>
  );
}
