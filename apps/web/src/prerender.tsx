import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { routes } from './app/router.ts';

export { PUBLIC_PAGES } from './app/routes/public-pages.ts';

/**
 * The HTML of one public page as a visitor without a token first sees it (build time, Node): the same
 * route tree as the browser, rendered with react-dom/static once every lazy part has loaded.
 */
export async function renderPage(path: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://prerender.invalid${path}`));
  if (context instanceof Response) {
    throw new Error(`${path} answers ${context.status} at build time`);
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  // No hydration data: the browser's router runs the guard itself (a signed-in visitor differs).
  const { prelude } = await prerender(
    <StrictMode>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </StrictMode>,
  );
  return new Response(prelude).text();
}
