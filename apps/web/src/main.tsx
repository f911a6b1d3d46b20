import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { PRERENDER_DATA_ID } from '@vidmatrix/contract/prerender';
import { createAppRouter } from './app/router.ts';
import './styles/global.css';

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

// The path the HTML was rendered for, before the guard may redirect (a member opening /homeLogin).
const { pathname } = window.location;
const router = createAppRouter();
const root = document.getElementById('root');
const app = (
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>
);
// A page pre-rendered by scripts/prerender.mjs (or the server) carries its data block: hydrate it.
if (root && document.getElementById(PRERENDER_DATA_ID) && root.hasChildNodes()) {
  // The pre-rendered HTML stays on screen until the page's code is there, then React takes it over;
  // when the guard sent this visitor elsewhere, the HTML is another page's: render the new one instead.
  void routerReady(router).then(() =>
    router.state.location.pathname === pathname ? hydrateRoot(root, app) : createRoot(root).render(app),
  );
} else if (root) {
  createRoot(root).render(app);
}
