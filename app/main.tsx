import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './ui/theme.css';
import { markBuild } from './shell/pwa/build-info';
import { router } from './router';
import { resolveMode, themeForPath, useThemeModeStore } from './ui/theme-mode';

// Set the theme before the first paint so a dark-mode visitor never sees a white flash.
const theme = themeForPath(window.location.pathname);
const mode = resolveMode(useThemeModeStore.getState().modes[theme], window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false);
document.documentElement.dataset.theme = theme;
document.documentElement.dataset.mode = mode;
// Which build runs, from the start (the update prompt, which compares builds, loads after the first paint).
markBuild();

const el = document.getElementById('root');
if (el) {
  createRoot(el).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}
