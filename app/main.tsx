import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './ui/theme.css';
import { router } from './router';

document.documentElement.dataset.theme ??= 'public';
document.documentElement.dataset.mode ??= 'light';

const el = document.getElementById('root');
if (el) {
  createRoot(el).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}
