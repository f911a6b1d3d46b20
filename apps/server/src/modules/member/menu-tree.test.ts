import { describe, expect, it } from 'vitest';
import { buildMenuTree } from './menu-tree.ts';

const row = (id: number, pid: number) => ({ id, pid, name: `m${id}`, url: `/m${id}`, icon: '', avatar_url: '' });

describe('buildMenuTree', () => {
  it('nests children under their parent and keeps order', () => {
    const tree = buildMenuTree([row(1, 0), row(2, 1), row(3, 0), row(4, 1)]);
    expect(tree.map((m) => m.menu_id)).toEqual([1, 3]);
    expect(tree[0]?.children.map((m) => m.menu_id)).toEqual([2, 4]);
  });

  it('turns orphans into roots', () => {
    expect(buildMenuTree([row(5, 99)]).map((m) => m.menu_id)).toEqual([5]);
  });
});
