import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createAppRouter } from './app/router.ts';
import './styles/global.css';

declare global {
  interface Window {
    /** Set by a page pre-rendered at build time (scripts/prerender.mjs): hydrate instead of render. */
    __VM_PRERENDERED__?: boolean;
  }
}

/** Resolves once the router has run the guard and loaded the first page's lazy modules. */
function routerReady(router: ReturnType<typeof createAppRouter>): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) {
      resolve();
      return;
    }
    const unsubscribe = router.subscribe((state) => {
      if (state.initialized) {
        unsubscribe();
        resolve();
      }
    });
  });
}

const router = createAppRouter();
const root = document.getElementById('root');
const app = (
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>
);
if (root && window.__VM_PRERENDERED__ && root.hasChildNodes()) {
  // The pre-rendered HTML stays on screen until the page's code is there, then React takes it over.
  void routerReady(router).then(() => hydrateRoot(root, app));
} else if (root) {
  createRoot(root).render(app);
}
