import { redirect, type RouteObject } from 'react-router';
import { CLIP_PATHS } from '@vidmatrix/contract/console-paths';
import { clipPageTitle, clipRoute, toHref } from '@vidmatrix/contract/rules/clip-route';
import { comingPage, type LazyRoute } from '../route-registry.ts';

/** A new-task page of one mode that has no template step goes straight to that mode's form. */
function straightToForm(mode: number): LazyRoute {
  return () =>
    Promise.resolve({
      loader: ({ request }) => {
        const id = new URL(request.url).searchParams.get('id') ?? '0';
        const to = clipRoute(1, { id, mode });
        return to ? redirect(toHref(to)) : null;
      },
    });
}

/** The built clip pages; the others show the coming page. */
const CLIP_PAGES: Partial<Record<(typeof CLIP_PATHS)[number], LazyRoute>> = {
  '/clip/AddTask': async () => ({
    Component: (await import('../../features/clip/pages/add-task-page.tsx')).AddTaskPage,
  }),
  // 一键成片 and 分组混剪 have no template step: straight to their forms (SPEC §2.1, step 1).
  '/clip/AddTaskOneClick': straightToForm(6),
  '/clip/AddTaskGroupClick': straightToForm(8),
  '/clip/VideoTemplate': async () => ({
    Component: (await import('../../features/clip/pages/video-template-page.tsx')).VideoTemplatePage,
  }),
  '/clip/ClipVideo': async () => ({
    Component: (await import('../../features/clip/pages/clip-video-route.tsx')).ClipVideoRoute,
  }),
  '/clip/ImageVideoMode': async () => ({
    Component: (await import('../../features/clip/pages/image-video-page.tsx')).ImageVideoPage,
  }),
  '/clip/AiClipVideo': async () => ({
    Component: (await import('../../features/clip/pages/ai-clip-page.tsx')).AiClipPage,
  }),
  '/clip/ScriptClip': async () => ({
    Component: (await import('../../features/clip/pages/script-clip-page.tsx')).ScriptClipPage,
  }),
  '/clip/CpMode': async () => ({
    Component: (await import('../../features/clip/pages/cp-mode-page.tsx')).CpModePage,
  }),
  '/clip/OralMode': async () => ({
    Component: (await import('../../features/clip/pages/oral-mode-page.tsx')).OralModePage,
  }),
  '/clip/ClipGroupVideo': async () => ({
    Component: (await import('../../features/clip/pages/group-clip-page.tsx')).GroupClipPage,
  }),
};

/** The clip-task pages (SPEC §2.1), under the console layout, titled by the contract's mode names. */
export const clipRoutes: RouteObject[] = CLIP_PATHS.map((path): RouteObject => ({
  path,
  handle: { title: (search: URLSearchParams) => clipPageTitle(path, search.get('clip_model')) },
  lazy: CLIP_PAGES[path] ?? comingPage,
}));
