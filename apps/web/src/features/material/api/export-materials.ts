import type { MaterialSearchState } from '@vidmatrix/contract/api/material';
import { MATERIAL_EXPORT_NAME, MaterialExportApi } from '@vidmatrix/contract/api/material-export';
import { materialExportParams } from '../../../api/material/get-materials.ts';
import { downloadFile } from '../../../lib/download.ts';

/** Downloads the materials that match the library's search as a spreadsheet. */
export function exportMaterials(filters: MaterialSearchState): Promise<void> {
  return downloadFile(MaterialExportApi.export, `${MATERIAL_EXPORT_NAME}.xlsx`, materialExportParams(filters));
}
