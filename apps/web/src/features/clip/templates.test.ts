import { describe, expect, it } from 'vitest';
import { SUBTITLE_PRESETS } from '@vidmatrix/contract/rules/clip-styles';
import { templateByKey, templateForTask } from './templates.ts';

const bold = templateByKey('bold').template;
const smooth = templateByKey('smooth').template;
const keep = { subtitle: null, titleStyle: '' };

describe('a template as a task uses it', () => {
  it('醒目标题 keeps its title style (the titles go as the task’s titleArray); a picked style replaces it', () => {
    expect(templateForTask(bold, [], keep).title).toMatchObject({ text: '', size: 90, color: '#FFE400' });
    expect(templateForTask(templateByKey('classic').template, [], keep).title).toBeNull();
    const red = templateForTask(bold, [], { subtitle: null, titleStyle: 'red-bar' }).title;
    expect(red).toMatchObject({ box: true, boxColor: '#E60012', font: bold.title?.font });
  });

  it('a picked subtitle style is drawn in the template’s font', () => {
    const variety = SUBTITLE_PRESETS.find((p) => p.key === 'variety')?.style ?? null;
    const subtitle = templateForTask(smooth, [], { subtitle: variety, titleStyle: '' }).subtitle;
    expect(subtitle).toMatchObject({ color: '#FFE400', outline: 6, y: 72, font: smooth.subtitle?.font });
  });

  it('keeps the template’s music policy over the chosen tracks; no track, no music', () => {
    expect(smooth.music.policy).toBe('random');
    expect(templateForTask(smooth, [3, 4], keep).music).toMatchObject({ policy: 'random', volume: 0.3 });
    expect(templateForTask(bold, [3], keep).music.policy).toBe('chosen');
    expect(templateForTask(smooth, [], keep).music.policy).toBe('none');
  });
});
