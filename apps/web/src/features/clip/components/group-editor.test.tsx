import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Material } from '@vidmatrix/contract/api/material';
import { CLIP_MAX_GROUPS } from '@vidmatrix/contract/constants';
import {
  GroupEditor,
  clipGroupsOf,
  groupsComplete,
  initialGroups,
  newGroup,
  type GroupDraft,
} from './group-editor.tsx';

const material = (file_id: number, file_name: string) => ({ file_id, file_name }) as Material;

const noop = () => {};

/** The editor as a page shows it. */
function markup(value: GroupDraft[], props: { lines?: boolean; min?: number } = {}): string {
  return renderToStaticMarkup(<GroupEditor value={value} onChange={noop} {...props} />);
}

const count = (html: string, text: string) => html.split(text).length - 1;

describe('GroupEditor (批量混剪, 一键成片, 分组混剪)', () => {
  it('names groups 开头, 中间, 结尾 then 第n组 in a story, 第n组 otherwise', () => {
    expect(initialGroups(4, 'story').map((g) => g.name)).toEqual(['开头', '中间', '结尾', '第4组']);
    expect(initialGroups(2).map((g) => g.name)).toEqual(['第1组', '第2组']);
    expect(newGroup(3)).toEqual({ name: '第3组', materials: [], lines: '' });
  });

  it('is complete only when every group has a material', () => {
    const [a, b] = initialGroups(2);
    expect(groupsComplete([])).toBe(false);
    expect(groupsComplete([{ ...a!, materials: [material(1, 'a.mp4')] }, b!])).toBe(false);
    expect(
      groupsComplete([
        { ...a!, materials: [material(1, 'a.mp4')] },
        { ...b!, materials: [material(2, 'b.png')] },
      ]),
    ).toBe(true);
  });

  it('sends ids in order, and lines only where the mode reads them', () => {
    const groups: GroupDraft[] = [
      { name: '开头', materials: [material(3, 'c.mp4'), material(1, 'a.mp4')], lines: '你好\n\n 大家好 ' },
      { name: '结尾', materials: [material(2, 'b.png')], lines: '' },
    ];
    expect(clipGroupsOf(groups)).toEqual([
      { name: '开头', materialIds: [3, 1], lines: [] },
      { name: '结尾', materialIds: [2], lines: [] },
    ]);
    expect(clipGroupsOf(groups, true).map((g) => g.lines)).toEqual([['你好', '大家好'], []]);
  });

  it('shows each group with its name and materials; its own lines only with `lines`', () => {
    const groups = [{ ...newGroup(1, 'story'), materials: [material(1, '开场.mp4')] }, newGroup(2, 'story')];
    const plain = markup(groups);
    expect(count(plain, 'data-testid="clip-group"')).toBe(2);
    expect(plain).toContain('aria-label="分组1名称"');
    expect(plain).toContain('value="开头"');
    expect(plain).toContain('开场.mp4');
    expect(plain).not.toContain('分组1文案');
    expect(markup(groups, { lines: true })).toContain('aria-label="分组2文案"');
  });

  it('offers 删除分组 above the fewest groups and 添加分组 below the most', () => {
    expect(count(markup(initialGroups(2)), '删除分组')).toBe(2);
    expect(markup(initialGroups(2), { min: 2 })).not.toContain('删除分组');
    expect(markup(initialGroups(1))).not.toContain('删除分组');
    const addButton = (html: string) => /<button[^>]*>(?:(?!<button).)*添加分组/.exec(html)?.[0] ?? '';
    expect(addButton(markup(initialGroups(2)))).not.toContain('disabled');
    expect(addButton(markup(initialGroups(CLIP_MAX_GROUPS)))).toContain('disabled');
  });
});
