import { redirect, type RouteObject } from 'react-router';
import { CLIP_PATHS } from '@vidmatrix/contract/console-paths';
// The shell's share of the catalogue: the whole of it here went into every page's entry (~7 KB gzip).
import { CoreMsg as Msg } from '@vidmatrix/contract/messages-core';
import { clipRoute, toHref } from '@vidmatrix/contract/rules/clip-route';
import { comingPage, type LazyRoute } from '../route-registry.ts';

/** Titles of the clip-task pages (SPEC §2.1). */
const CLIP_TITLES: Record<(typeof CLIP_PATHS)[number], string> = {
  '/clip/AddTask': '新建剪辑任务',
  '/clip/AddTaskOneClick': '一键成片',
  '/clip/AddTaskGroupClick': '组合成片',
  '/clip/VideoTemplate': '选择视频模板',
  '/clip/ClipVideo': '视频剪辑',
  '/clip/ScriptClip': '脚本剪辑',
  // Mode 3 is CP拆拼 (long videos cut into shots); 图文混剪 named a mode that does not exist.
  '/clip/CpMode': Msg.clipMode3,
  '/clip/OralMode': '口播模式',
  '/clip/ImageVideoMode': '图片成片',
  '/clip/AiClipVideo': 'AI智能剪辑',
  '/clip/ClipGroupVideo': '组合剪辑',
};

const addTask: LazyRoute = async () => ({
  Component: (await import('../../features/clip/pages/add-task-page.tsx')).AddTaskPage,
});

/** The built clip pages; the others show the coming page. */
const CLIP_PAGES: Partial<Record<(typeof CLIP_PATHS)[number], LazyRoute>> = {
  '/clip/AddTask': addTask,
  // 一键成片 has no template step: straight to its form (/clip/ClipVideo with clip_model 6).
  '/clip/AddTaskOneClick': () =>
    Promise.resolve({
      loader: ({ request }) => {
        const id = new URL(request.url).searchParams.get('id') ?? '0';
        const to = clipRoute(1, { id, mode: 6 });
        return to ? redirect(toHref(to)) : null;
      },
    }),
  '/clip/AddTaskGroupClick': addTask,
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

/** The clip-task pages (SPEC §2.1), under the console layout. */
export const clipRoutes: RouteObject[] = CLIP_PATHS.map((path): RouteObject => ({
  path,
  handle: { title: CLIP_TITLES[path] },
  lazy: CLIP_PAGES[path] ?? comingPage,
}));
