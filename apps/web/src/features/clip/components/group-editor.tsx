import { Button, Card, Input, Space } from 'antd';
import type { ClipGroup } from '@vidmatrix/contract/api/clip-task';
import type { Material } from '@vidmatrix/contract/api/material';
import { CLIP_GROUP_NAME_MAX_CHARS, CLIP_MAX_GROUPS } from '@vidmatrix/contract/constants';
import { MaterialField } from './material-field.tsx';
import { linesOf } from './task-actions.tsx';

/** A group being edited: its name, its materials and (分组混剪) its own lines, one per row. */
export interface GroupDraft {
  name: string;
  materials: Material[];
  lines: string;
}

/** How new groups are named: 开头, 中间, 结尾 then 第n组 (a story in order), or 第n组 throughout. */
export type GroupNaming = 'story' | 'numbered';

const STORY_NAMES = ['开头', '中间', '结尾'];

/** The n-th group (1-based), empty. */
export function newGroup(n: number, naming: GroupNaming = 'numbered'): GroupDraft {
  const name = (naming === 'story' ? STORY_NAMES[n - 1] : undefined) ?? `第${n}组`;
  return { name, materials: [], lines: '' };
}

/** `count` empty groups named in order. */
export function initialGroups(count: number, naming: GroupNaming = 'numbered'): GroupDraft[] {
  return Array.from({ length: count }, (_, i) => newGroup(i + 1, naming));
}

/** Whether every group has at least one material (the server refuses an empty group). */
export function groupsComplete(groups: readonly GroupDraft[]): boolean {
  return groups.length > 0 && groups.every((g) => g.materials.length > 0);
}

/** The groups as a task sends them; their lines only where the mode reads them (分组混剪). */
export function clipGroupsOf(groups: readonly GroupDraft[], withLines = false): ClipGroup[] {
  return groups.map((g) => ({
    name: g.name,
    materialIds: g.materials.map((m) => m.file_id),
    lines: withLines ? linesOf(g.lines) : [],
  }));
}

/**
 * Ordered groups of materials (批量混剪's 分组, 一键成片, 分组混剪): each a card with its name, its
 * materials and, with `lines`, its own lines; 添加分组 up to CLIP_MAX_GROUPS, 删除分组 down to `min`.
 */
export function GroupEditor(props: {
  value: readonly GroupDraft[];
  onChange: (groups: GroupDraft[]) => void;
  naming?: GroupNaming;
  /** Each group has its own lines (分组混剪). */
  lines?: boolean;
  /** Fewest groups (2 where a single group would mean something else, as 批量混剪's pool). */
  min?: number;
}) {
  const groups = props.value;
  const min = props.min ?? 1;
  const update = (index: number, patch: Partial<GroupDraft>) =>
    props.onChange(groups.map((g, i) => (i === index ? { ...g, ...patch } : g)));
  return (
    <div>
      {groups.map((g, index) => (
        <Card
          key={index}
          size="small"
          data-testid="clip-group"
          style={{ marginBottom: 12 }}
          title={
            <Input
              aria-label={`分组${index + 1}名称`}
              value={g.name}
              maxLength={CLIP_GROUP_NAME_MAX_CHARS}
              variant="borderless"
              onChange={(e) => update(index, { name: e.target.value })}
            />
          }
          extra={
            groups.length > min && (
              <Button size="small" onClick={() => props.onChange(groups.filter((_, i) => i !== index))}>
                删除分组
              </Button>
            )
          }
        >
          <Space orientation="vertical" style={{ width: '100%' }}>
            <MaterialField value={g.materials} onChange={(materials) => update(index, { materials })} />
            {props.lines && (
              <Input.TextArea
                aria-label={`分组${index + 1}文案`}
                rows={2}
                placeholder="本组文案，每行一条（可不填）"
                value={g.lines}
                onChange={(e) => update(index, { lines: e.target.value })}
              />
            )}
          </Space>
        </Card>
      ))}
      <Button
        disabled={groups.length >= CLIP_MAX_GROUPS}
        onClick={() => props.onChange([...groups, newGroup(groups.length + 1, props.naming)])}
      >
        添加分组
      </Button>
    </div>
  );
}
