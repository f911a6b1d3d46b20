import type { FileType, Material } from '@vidmatrix/contract/api/material';
import { MATERIAL_DIALOG_WIDTH_PX, MATERIAL_PICKER_DEFAULT_LIMIT } from '@vidmatrix/contract/constants';
import { PickerDialog } from '../picker-dialog/picker-dialog.tsx';
import { MaterialSearch } from './material-search.tsx';

/**
 * The material selection dialog (SPEC §2.3): limit (default 1), 请选择素材 on an empty confirm; images
 * and videos, or only `fileType`.
 */
export function MaterialPickerDialog(props: {
  open: boolean;
  limit?: number;
  fileType?: FileType;
  onCancel: () => void;
  onConfirm: (materials: Material[]) => void;
}) {
  const limit = props.limit ?? MATERIAL_PICKER_DEFAULT_LIMIT;
  return (
    <PickerDialog<Material>
      open={props.open}
      title="选择素材"
      width={Math.max(MATERIAL_DIALOG_WIDTH_PX, 1100)}
      onCancel={props.onCancel}
      onConfirm={props.onConfirm}
    >
      {({ selected, setSelected }) => (
        <MaterialSearch
          picker={{ limit, fileType: props.fileType }}
          selection={selected}
          onSelectionChange={setSelected}
          gridHeight={480}
        />
      )}
    </PickerDialog>
  );
}
