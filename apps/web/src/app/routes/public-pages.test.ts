import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from '../router.ts';
import { PUBLIC_PAGES } from './public-pages.ts';

/** The lazy layout routes of the tree, by id, and the module each loads (as in Vite's manifest). */
const LAYOUT_MODULES: Record<string, string> = {
  site: 'src/app/layouts/site-layout.tsx',
  'site-pages': 'src/app/layouts/query-outlet.tsx',
  pages: 'src/app/layouts/query-outlet.tsx',
};

/** The ids of the routes above the one with `path`, outermost first; null when no route has it. */
function ancestorsOf(path: string, tree: readonly RouteObject[], above: string[] = []): string[] | null {
  for (const route of tree) {
    if (route.path === path) {
      return above;
    }
    const found = ancestorsOf(path, route.children ?? [], route.id ? [...above, route.id] : above);
    if (found) {
      return found;
    }
  }
  return null;
}

// A pre-rendered page preloads its `modules`, and the build measures its JS budget on those preloads:
// a layout the page's route sits under and the list leaves out would load late and go uncounted.
describe('PUBLIC_PAGES', () => {
  it.each(PUBLIC_PAGES.map((page) => [page.path, page] as const))(
    '%s names every lazy layout its route sits under',
    (path, page) => {
      const ancestors = ancestorsOf(path, routes);
      expect(ancestors, `${path} has no route`).not.toBeNull();
      for (const id of (ancestors ?? []).filter((a) => a !== 'root')) {
        expect(LAYOUT_MODULES[id], `the layout route "${id}" above ${path} is not known here`).toBeDefined();
        expect(page.modules).toContain(LAYOUT_MODULES[id]);
      }
    },
  );
});
