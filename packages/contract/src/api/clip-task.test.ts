import { describe, expect, it } from 'vitest';
import { CLIP_MAX_GROUPS, CLIP_MAX_MATERIALS, CLIP_MAX_VIDEOS } from '../constants.ts';
import { clipModeName, clipTaskInput, TEMPLATE_MODES } from './clip-task.ts';

const base = { name: '任务', count: 3, seed: 1 };

describe('clip task inputs', () => {
  it('fill defaults per mode', () => {
    const task = clipTaskInput.parse({
      clip_model: 1,
      ...base,
      template: { subtitle: { font: 'WenQuanYi Micro Hei' } },
      groups: [{ materialIds: [1] }],
    });
    expect(task).toMatchObject({
      segments: 5,
      segmentSeconds: 3,
      lines: [],
      musicIds: [],
      dedup: { mirror: false, stripMetadata: true },
    });
    if (task.clip_model === 1) {
      expect(task.template).toMatchObject({
        fit: 'cover',
        filter: 'none',
        transition: null,
        music: { policy: 'chosen', duck: true },
      });
      expect(task.template.subtitle).toMatchObject({ size: 64, position: 'bottom', color: '#FFFFFF' });
    }
  });
  it('refuse a count above the house maximum, empty lines and unknown modes', () => {
    const ok = { clip_model: 5, ...base, imageIds: [1], font: 'x' };
    expect(clipTaskInput.safeParse(ok).success).toBe(true);
    expect(clipTaskInput.safeParse({ ...ok, count: CLIP_MAX_VIDEOS + 1 }).success).toBe(false);
    expect(clipTaskInput.safeParse({ ...ok, lines: ['  '] }).error?.issues[0]?.message).toBe('请输入文案');
    expect(clipTaskInput.safeParse({ ...ok, clip_model: 9 }).success).toBe(false);
  });
  it('name the refused field in Chinese, never a bare 参数错误', () => {
    const ok = { clip_model: 5, ...base, imageIds: [1], font: 'x' };
    const message = (input: unknown) => clipTaskInput.safeParse(input).error?.issues[0]?.message;
    expect(message({ ...ok, count: 0 })).toBe('生成数量需在 1–200 之间');
    expect(message({ ...ok, count: 10000 })).toBe('生成数量需在 1–200 之间');
    expect(message({ ...ok, count: '3' })).toBe('生成数量需在 1–200 之间');
    expect(message({ ...ok, name: ' ' })).toBe('请输入任务名称');
    expect(message({ ...ok, font: '' })).toBe('请选择字体');
    expect(message({ ...ok, musicIds: [0] })).toBe('音乐不存在或已被删除');
    expect(message({ ...ok, imagesPerVideo: 0 })).toBe('每个视频的片段数需在 1–30 之间');
    expect(message({ ...ok, secondsPerImage: 99 })).toBe('片段时长需在 1–15 秒之间');
    expect(message({ ...ok, seed: -1 })).toBe('随机种子需为 0–4294967295 之间的整数');
    expect(message({ ...ok, clip_model: 9 })).toBe('请选择剪辑模式');
  });
  it('refuse an empty group, no groups and too many groups with §8 text', () => {
    const task = (groups: unknown[]) => ({ clip_model: 1, ...base, template: { subtitle: null }, groups });
    const message = (input: unknown) => clipTaskInput.safeParse(input).error?.issues[0]?.message;
    expect(clipTaskInput.safeParse(task([{ materialIds: [1] }, { materialIds: [2] }])).success).toBe(true);
    expect(message(task([{ materialIds: [1] }, { materialIds: [] }]))).toBe('请选择素材');
    expect(message(task([]))).toBe('请选择素材');
    expect(message(task(Array.from({ length: CLIP_MAX_GROUPS + 1 }, () => ({ materialIds: [1] }))))).toBe(
      '超出个数限制',
    );
    const many = Array.from({ length: CLIP_MAX_MATERIALS + 1 }, (_, i) => i + 1);
    expect(message(task([{ materialIds: many }]))).toBe('超出个数限制');
  });
  it('name every mode, and template modes match the §2.1 routes', () => {
    expect(Object.values(clipModeName)).toEqual([
      '批量混剪',
      '脚本剪辑',
      'CP拆拼',
      '口播',
      '图文成片',
      '一键成片',
      'AI剪辑',
      '分组混剪',
    ]);
    expect(TEMPLATE_MODES).toEqual([1, 2, 4, 7]);
  });
});
