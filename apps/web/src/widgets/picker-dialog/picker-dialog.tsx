import { useState, type ReactNode } from 'react';
import { Modal } from 'antd';
import { Msg } from '@vidmatrix/contract/messages';
import { notifyError } from '../../lib/notify.ts';

/** What a picker's body reads and changes: the items chosen so far. */
export interface PickerSelection<T> {
  selected: T[];
  setSelected: (next: T[]) => void;
}

/**
 * The shell of the selection dialogs (SPEC §2.3): it keeps the choice, refuses an empty confirm
 * with 请选择素材, and forgets the choice on cancel and after a confirm.
 */
export function PickerDialog<T>(props: {
  open: boolean;
  title: string;
  width: number;
  onCancel: () => void;
  onConfirm: (selected: T[]) => void;
  children: (selection: PickerSelection<T>) => ReactNode;
}) {
  const [selected, setSelected] = useState<T[]>([]);
  return (
    <Modal
      open={props.open}
      title={props.title}
      width={props.width}
      onCancel={() => {
        setSelected([]);
        props.onCancel();
      }}
      onOk={() => {
        if (selected.length === 0) {
          notifyError(Msg.chooseMaterial);
          return;
        }
        props.onConfirm(selected);
        setSelected([]);
      }}
      destroyOnHidden
    >
      {props.children({ selected, setSelected })}
    </Modal>
  );
}
