import { useRouterState } from '@tanstack/react-router';
import { ToggleButton, ToggleButtonGroup } from 'react-aria-components';
import { themeForPath, themeModes, useThemeModeStore, type ThemeMode } from './theme-mode';
import * as s from './widgets.css';

const labels: Record<ThemeMode, string> = { light: 'Light', dark: 'Dark', system: 'System' };

/** Light / Dark / System for the theme of the current page (workspace or public). */
export function ModeSwitcher() {
  const pathname = useRouterState({ select: (st) => st.location.pathname });
  const theme = themeForPath(pathname);
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
