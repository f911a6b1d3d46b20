import { describe, expect, it } from 'vitest';
import { clipPageMode, clipPageTitle, clipRoute, toHref } from './clip-route.ts';

const task = (mode: number) => ({ id: 42, mode, clipModeName: '模式' });

describe('clipRoute — new task', () => {
  it.each([1, 2, 3, 4, 5, 7])('mode %i opens /clip/AddTask with mode, clipModeName and id', (mode) => {
    expect(clipRoute('new', task(mode))).toEqual({
      path: '/clip/AddTask',
      query: { mode: String(mode), clipModeName: '模式', id: '42' },
    });
  });
  it('mode 6 opens /clip/AddTaskOneClick', () => {
    expect(clipRoute('new', task(6))?.path).toBe('/clip/AddTaskOneClick');
  });
  it('mode 8 opens /clip/AddTaskGroupClick', () => {
    expect(clipRoute('new', task(8))?.path).toBe('/clip/AddTaskGroupClick');
  });
  it('carries textContext as JSON, URL-encoded in the href', () => {
    const destination = clipRoute('new', { ...task(1), textContext: { a: '文 &' } });
    expect(destination?.query.textContext).toBe('{"a":"文 &"}');
    const href = toHref(destination!);
    expect(href).toContain(`textContext=${encodeURIComponent('{"a":"文 &"}').replace(/%20/g, '+')}`);
    expect(new URL(href, 'http://x').searchParams.get('textContext')).toBe('{"a":"文 &"}');
  });
});

describe('clipRoute — step 1', () => {
  it.each([1, 2, 4, 7])('mode %i goes to /clip/VideoTemplate with id and mode', (mode) => {
    expect(clipRoute(1, task(mode))).toEqual({ path: '/clip/VideoTemplate', query: { id: '42', mode: String(mode) } });
  });
  it.each([3, 5, 6, 8])('mode %i continues straight to its step 2 destination', (mode) => {
    expect(clipRoute(1, task(mode))).toEqual(clipRoute(2, task(mode)));
  });
});

describe('clipRoute — step 2', () => {
  it.each([
    [1, '/clip/ClipVideo', { id: '42' }],
    [2, '/clip/ScriptClip', { id: '42' }],
    [3, '/clip/CpMode', { id: '42' }],
    [4, '/clip/OralMode', { id: '42' }],
    [5, '/clip/ImageVideoMode', { id: '42' }],
    [6, '/clip/ClipVideo', { id: '42', clip_model: '6' }],
    [7, '/clip/AiClipVideo', { id: '42', clip_model: '7' }],
    [8, '/clip/ClipGroupVideo', { id: '42', clip_model: '8' }],
  ])('mode %i goes to %s', (mode, path, query) => {
    expect(clipRoute(2, task(mode))).toEqual({ path, query });
  });
  it('an unknown mode goes nowhere', () => {
    expect(clipRoute(2, task(99))).toBeNull();
  });
});

describe('clipRoute — step 0', () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8])('mode %i does nothing', (mode) => {
    expect(clipRoute(0, task(mode))).toBeNull();
  });
});

describe('toHref', () => {
  it('omits an empty query', () => {
    expect(toHref({ path: '/clip/CpMode', query: {} })).toBe('/clip/CpMode');
  });
});

describe('clipPageTitle — the mode names of the issue on every page that serves one mode', () => {
  it.each([
    ['/clip/ClipVideo', null, '批量混剪'],
    ['/clip/ClipVideo', '6', '一键成片'],
    ['/clip/ScriptClip', null, '脚本剪辑'],
    ['/clip/CpMode', null, 'CP拆拼'],
    ['/clip/OralMode', null, '口播'],
    ['/clip/ImageVideoMode', null, '图文成片'],
    ['/clip/AiClipVideo', '7', 'AI剪辑'],
    ['/clip/ClipGroupVideo', '8', '分组混剪'],
    ['/clip/AddTaskOneClick', null, '一键成片'],
    ['/clip/AddTaskGroupClick', null, '分组混剪'],
    ['/clip/AddTask', null, '新建剪辑任务'],
    ['/clip/VideoTemplate', '1', '选择视频模板'],
  ])('%s (clip_model %s) is titled %s', (path, clipModel, title) => {
    expect(clipPageTitle(path, clipModel)).toBe(title);
  });
  it('a step-2 page without its clip_model still names its mode', () => {
    expect(clipPageMode('/clip/AiClipVideo', null)).toBe(7);
    expect(clipPageMode('/clip/ClipVideo', '8')).toBe(1);
  });
});
