import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { PrerenderQuery } from '@vidmatrix/contract/prerender';
import { routes } from './app/router.ts';
import { clearPageData, seedPageData } from './lib/page-data.ts';
import { queryClient } from './lib/query-client.ts';

export { PUBLIC_PAGES } from './app/routes/public-pages.ts';
export { PRERENDER_DATA_ID, PRERENDER_ROOT_END, PRERENDER_ROOT_START } from '@vidmatrix/contract/prerender';

/** Renders run one at a time: they share the app's one page-data cache. */
let queue: Promise<unknown> = Promise.resolve();

/**
 * The HTML of one public page as a visitor without a token first sees it (Node: at build time without
 * data, in the server with its content calls' answers): the same route tree as the browser, rendered
 * with react-dom/static once every lazy part has loaded, its content calls answered from `queries`.
 */
export function renderPage(path: string, queries: PrerenderQuery[] = []): Promise<string> {
  const run = queue.then(() => renderNow(path, queries));
  queue = run.catch(() => undefined);
  return run;
}

async function renderNow(path: string, queries: PrerenderQuery[]): Promise<string> {
  seedPageData(queries);
  try {
    const handler = createStaticHandler(routes);
    const context = await handler.query(new Request(`http://prerender.invalid${path}`));
    if (context instanceof Response) {
      throw new Error(`${path} answers ${context.status} when pre-rendered`);
    }
    const router = createStaticRouter(handler.dataRoutes, context);
    // No hydration data: the browser's router runs the guard itself (a signed-in visitor differs).
    const { prelude } = await prerender(
      <StrictMode>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </StrictMode>,
    );
    return await new Response(prelude).text();
  } finally {
    // The next render starts empty, and no garbage-collection timer outlives this one (the site layout's
    // lazy parts use TanStack Query).
    clearPageData();
    queryClient.clear();
  }
}
