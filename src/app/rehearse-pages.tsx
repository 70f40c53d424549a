import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { startTransition, useEffect, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AuthContext, signedOut } from '@/features/auth/api/use-auth';

/** Calls `onDrawn` once the page around it is drawn. */
function Drawn({ onDrawn }: { onDrawn: () => void }) {
  useEffect(() => onDrawn(), [onDrawn]);
  return null;
}

/**
 * Draws a page once where nobody sees it (a container outside the document), as a signed-out
 * visitor, and throws the drawing away. The first drawing of a page costs the browser two to
 * three times what the next ones do (its code is compiled, React's paths through it are
 * learnt): rehearsed while the visitor reads the landing page, the first tap on Get Started
 * takes about 40% less of the processor until the sign-up form shows (docs/performance.md,
 * issue 33). Nothing is sent: the pages rehearsed ask for nothing when drawn. Drawn as a
 * transition, as a navigation is. Resolves once the page has been drawn and removed.
 */
export function rehearsePage(path: string, Page: ComponentType): Promise<void> {
  return new Promise((resolve) => {
    const root = createRoot(document.createElement('div'));
    const done = () => {
      setTimeout(() => {
        root.unmount();
        resolve();
      });
    };
    const element = (
      <>
        <Page />
        <Drawn onDrawn={done} />
      </>
    );
    const router = createMemoryRouter([{ path, element }], { initialEntries: [path] });
    startTransition(() =>
      root.render(
        <QueryClientProvider client={new QueryClient()}>
          <AuthContext.Provider value={signedOut}>
            <RouterProvider router={router} />
          </AuthContext.Provider>
        </QueryClientProvider>,
      ),
    );
  });
}
