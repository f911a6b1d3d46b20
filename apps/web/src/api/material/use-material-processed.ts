import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { MaterialList } from '@vidmatrix/contract/api/material';
import type { MaterialProcessedFrameData } from '@vidmatrix/contract/events';
import { patchLive } from '../../lib/live-patch.ts';
import { onMaterialProcessed, onSocketBound } from '../../lib/socket.ts';
import { materialKeys } from './material-keys.ts';

/**
 * A page of materials with one material's finished media work (poster, duration, done); the same page
 * object when that material is not on it.
 */
export function withProcessed(page: MaterialList, frame: MaterialProcessedFrameData): MaterialList {
  if (!page.list.some((m) => m.file_id === frame.material_id)) {
    return page;
  }
  return {
    ...page,
    list: page.list.map((m) =>
      m.file_id === frame.material_id
        ? { ...m, thumb_url: frame.thumb_url, duration: frame.duration, process_status: 'done' }
        : m,
    ),
  };
}

/**
 * Live media work in the library and the picker: a `material_processed` frame puts a finished poster and
 * duration into every cached page at once; a failure (its reason is only in the list) and every
 * (re)connect, which may have lost frames, refetch the pages instead.
 */
export function useMaterialProcessed(): void {
  const client = useQueryClient();
  useEffect(() => {
    const refetch = () => void client.invalidateQueries({ queryKey: materialKeys.lists() });
    const offProcessed = onMaterialProcessed((frame) => {
      if (frame.status === 'failed') {
        refetch();
        return;
      }
      patchLive<MaterialList>(client, materialKeys.lists(), (page) => withProcessed(page, frame));
    });
    const offBound = onSocketBound(refetch);
    return () => {
      offProcessed();
      offBound();
    };
  }, [client]);
}
