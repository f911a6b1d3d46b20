import { useState } from 'react';
import { Button, Card, Space } from 'antd';
import { ScissorOutlined } from '@ant-design/icons';
import type { MaterialSearchState } from '@vidmatrix/contract/api/material';
import { initialSearchState } from '../../../api/material/get-materials.ts';
import { ExportButton } from '../../../components/export-button.tsx';
import { exportMaterials } from '../api/export-materials.ts';
import { CropUploadDialog } from '../components/crop-upload-dialog.tsx';
import { MaterialBrowser } from '../components/material-browser.tsx';

/**
 * The grid fills the window below the toolbars, leaving room for what follows it: the pager (12 + 32 px),
 * the card's and the console's bottom paddings (24 + 20) and the status bar (36), so the page itself
 * does not scroll and the pager is never under the status bar (the toolbars wrap at 1366 px).
 */
const GRID_FILL = { below: 124 };

/** ConsolePath.materials: the material library (素材列表, SPEC §2.4). */
export function MaterialPage() {
  const [cropping, setCropping] = useState(false);
  const [filters, setFilters] = useState<MaterialSearchState>(initialSearchState);
  return (
    <Card
      title="素材列表"
      variant="borderless"
      extra={
        <Space>
          <Button icon={<ScissorOutlined aria-hidden />} onClick={() => setCropping(true)}>
            裁剪上传
          </Button>
          <ExportButton download={() => exportMaterials(filters)} />
        </Space>
      }
    >
      <MaterialBrowser gridHeight={GRID_FILL} onSearchStateChange={setFilters} />
      <CropUploadDialog open={cropping} onClose={() => setCropping(false)} />
    </Card>
  );
}
