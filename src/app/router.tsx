import { createBrowserRouter } from 'react-router';

/** Every route, each page loaded on demand so the landing page stays small. */
export const router = createBrowserRouter([
  { path: '/', lazy: async () => ({ Component: (await import('@/features/marketing/pages/home-page')).default }) },
  { path: '/login', lazy: async () => ({ Component: (await import('@/features/auth/pages/login-page')).default }) },
  { path: '*', lazy: async () => ({ Component: (await import('./not-found-page')).default }) },
]);
