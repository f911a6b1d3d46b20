import { describe, expect, it } from 'vitest';
import { templateByKey, templateForTask } from './templates.ts';

const bold = templateByKey('bold').template;
const smooth = templateByKey('smooth').template;

describe('a template as a task uses it', () => {
  it('醒目标题 shows the task’s 视频标题 in its title style; a template without one stays without', () => {
    expect(templateForTask(bold, [], '夏日新品').title).toMatchObject({ text: '夏日新品', size: 90, color: '#FFE400' });
    expect(templateForTask(templateByKey('classic').template, [], '夏日新品').title).toBeNull();
  });

  it('keeps the template’s music policy over the chosen tracks; no track, no music', () => {
    expect(smooth.music.policy).toBe('random');
    expect(templateForTask(smooth, [3, 4], '').music).toMatchObject({ policy: 'random', volume: 0.3 });
    expect(templateForTask(bold, [3], '').music.policy).toBe('chosen');
    expect(templateForTask(smooth, [], '').music.policy).toBe('none');
  });
});
