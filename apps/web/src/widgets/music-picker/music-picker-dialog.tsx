import { Tabs } from 'antd';
import { musicKey, type Music } from '@vidmatrix/contract/api/music';
import { MATERIAL_DIALOG_WIDTH_PX } from '@vidmatrix/contract/constants';
import { pickSelection } from '@vidmatrix/contract/rules/upload';
import { notifyError } from '../../lib/notify.ts';
import { PickerDialog } from '../picker-dialog/picker-dialog.tsx';
import { MusicList } from './music-list.tsx';

/** The music selection dialog (SPEC §2.3): limit 1 replaces the choice, else 超出个数限制. */
export function MusicPickerDialog(props: {
  open: boolean;
  limit?: number;
  onCancel: () => void;
  onConfirm: (music: Music[]) => void;
}) {
  const limit = props.limit ?? 1;
  return (
    <PickerDialog<Music>
      open={props.open}
      title="选择背景音乐"
      width={MATERIAL_DIALOG_WIDTH_PX}
      onCancel={props.onCancel}
      onConfirm={props.onConfirm}
    >
      {({ selected, setSelected }) => {
        const toggle = (music: Music) => {
          const result = pickSelection(selected, music, limit, (a, b) => musicKey(a) === musicKey(b));
          if (result.error) {
            notifyError(result.error);
          }
          setSelected(result.selected);
        };
        return (
          <Tabs
            items={[
              { key: 'system', label: '系统音乐', children: <MusicList selected={selected} onToggle={toggle} /> },
              { key: 'own', label: '我的音乐', children: <MusicList own selected={selected} onToggle={toggle} /> },
            ]}
          />
        );
      }}
    </PickerDialog>
  );
}
