import { CoreMsg } from '../messages-core.ts';
import { clipModeName, type ClipModel } from './clip-mode.ts';

/** The steps of the clip-task jump helper (SPEC §2.1). `new` opens the task form. */
export type ClipStep = 'new' | 0 | 1 | 2;

/** Where a clip-task jump lands: a path and its query parameters. */
export interface ClipDestination {
  path: string;
  query: Record<string, string>;
}

/** What the helper knows of the task. */
export interface ClipTaskRef {
  /** The task id (ap_id). */
  id: string | number;
  /** The clip mode number (clip_model). */
  mode: number;
  /** Display name of the mode, carried to the task form. */
  clipModeName?: string;
  /** Optional text context, carried JSON-encoded to the task form. */
  textContext?: unknown;
}

/** Modes whose step 1 skips the template page and goes straight to step 2. */
const SKIP_TEMPLATE_MODES = new Set([3, 5, 6, 8]);

/** Step 2 destinations by mode; `withMode` adds clip_model to the query. */
const STEP_TWO: Record<number, { path: string; withMode: boolean }> = {
  1: { path: '/clip/ClipVideo', withMode: false },
  2: { path: '/clip/ScriptClip', withMode: false },
  3: { path: '/clip/CpMode', withMode: false },
  4: { path: '/clip/OralMode', withMode: false },
  5: { path: '/clip/ImageVideoMode', withMode: false },
  6: { path: '/clip/ClipVideo', withMode: true },
  7: { path: '/clip/AiClipVideo', withMode: true },
  8: { path: '/clip/ClipGroupVideo', withMode: true },
};

/** Modes with a new-task page of their own; the others share /clip/AddTask. */
const OWN_NEW_TASK: Partial<Record<number, string>> = { 6: '/clip/AddTaskOneClick', 8: '/clip/AddTaskGroupClick' };

function newTask(task: ClipTaskRef): ClipDestination {
  const path = OWN_NEW_TASK[task.mode] ?? '/clip/AddTask';
  const query: Record<string, string> = {
    mode: String(task.mode),
    clipModeName: task.clipModeName ?? '',
    id: String(task.id),
  };
  // URLSearchParams encodes the JSON once more when the URL is built, as the spec asks.
  if (task.textContext !== undefined) {
    query.textContext = JSON.stringify(task.textContext);
  }
  return { path, query };
}

function stepTwo(task: ClipTaskRef): ClipDestination | null {
  const target = STEP_TWO[task.mode];
  if (!target) {
    return null;
  }
  const query: Record<string, string> = { id: String(task.id) };
  if (target.withMode) {
    query.clip_model = String(task.mode);
  }
  return { path: target.path, query };
}

/** Resolves a clip-task jump (SPEC §2.1 table); null means "do nothing" (step 0, unknown mode). */
export function clipRoute(step: ClipStep, task: ClipTaskRef): ClipDestination | null {
  switch (step) {
    case 'new':
      return newTask(task);
    case 0:
      return null;
    case 1:
      return SKIP_TEMPLATE_MODES.has(task.mode)
        ? stepTwo(task)
        : { path: '/clip/VideoTemplate', query: { id: String(task.id), mode: String(task.mode) } };
    case 2:
      return stepTwo(task);
  }
}

/** Joins a destination into an href such as `/clip/ClipVideo?id=7`. */
export function toHref(destination: ClipDestination): string {
  const search = new URLSearchParams(destination.query).toString();
  return search ? `${destination.path}?${search}` : destination.path;
}

/** The mode a clip page serves: its step-2 form (clip_model tells 一键成片 from 批量混剪), or the new-task page of 6 or 8. */
export function clipPageMode(path: string, clipModel: string | null): ClipModel | null {
  const own = Object.keys(OWN_NEW_TASK).find((mode) => OWN_NEW_TASK[Number(mode)] === path);
  if (own !== undefined) {
    return Number(own) as ClipModel;
  }
  const modes = Object.entries(STEP_TWO).filter(([, target]) => target.path === path);
  const served =
    modes.find(([mode, target]) => target.withMode && mode === clipModel) ??
    modes.find(([, target]) => !target.withMode) ??
    modes[0];
  return served ? (Number(served[0]) as ClipModel) : null;
}

/** The title of a clip page (navbar, document title): the mode's name wherever the page serves one mode. */
export function clipPageTitle(path: string, clipModel: string | null): string {
  const mode = clipPageMode(path, clipModel);
  if (mode !== null) {
    return clipModeName[mode];
  }
  return path === '/clip/VideoTemplate' ? CoreMsg.clipChooseTemplate : CoreMsg.clipNewTask;
}
