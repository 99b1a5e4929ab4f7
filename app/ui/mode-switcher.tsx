import { ToggleButton, ToggleButtonGroup } from 'react-aria-components';
import { themeModes, useThemeModeStore, type ThemeMode, type ThemeName } from './theme-mode';
import * as s from './widgets.css';

const labels: Record<ThemeMode, string> = { light: 'Light', dark: 'Dark', system: 'System' };

/** Light / Dark / System for one theme (the page says which: workspace or public). */
export function ModeSwitcher({ theme }: { theme: ThemeName }) {
  const mode = useThemeModeStore((st) => st.modes[theme]);
  const setMode = useThemeModeStore((st) => st.setMode);
  return (
    <ToggleButtonGroup
      aria-label="Colour mode"
      selectionMode="single"
      disallowEmptySelection
      selectedKeys={[mode]}
      onSelectionChange={(keys) => {
        const next = themeModes.find((m) => keys.has(m));
        if (next) setMode(theme, next);
      }}
      className={s.segmented}
    >
      {themeModes.map((m) => (
        <ToggleButton key={m} id={m} className={s.segment}>
          {labels[m]}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
