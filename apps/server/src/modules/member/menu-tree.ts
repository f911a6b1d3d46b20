import type { Menu } from '@vidmatrix/contract/api/member';

/** A flat menu row as stored. */
export interface MenuRecord {
  id: number;
  pid: number;
  name: string;
  url: string;
  icon: string;
  avatar_url: string;
}

/** Builds the menu tree from rows already in order; a row whose parent is absent becomes a root. */
export function buildMenuTree(rows: readonly MenuRecord[]): Menu[] {
  const nodes = new Map<number, Menu>();
  for (const row of rows) {
    nodes.set(row.id, {
      menu_id: row.id,
      pid: row.pid,
      menu_name: row.name,
      menu_url: row.url,
      menu_icon: row.icon,
      avatar_url: row.avatar_url,
      children: [],
    });
  }
  const roots: Menu[] = [];
  for (const node of nodes.values()) {
    const parent = node.pid === node.menu_id ? undefined : nodes.get(node.pid);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}
