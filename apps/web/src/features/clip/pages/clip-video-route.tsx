import { useSearchParams } from 'react-router';
import { ClipVideoPage } from './clip-video-page.tsx';
import { OneClickPage } from './one-click-page.tsx';

/** /clip/ClipVideo serves two modes (SPEC §2.1): 批量混剪, and 一键成片 when clip_model is 6. */
export function ClipVideoRoute() {
  const [params] = useSearchParams();
  return params.get('clip_model') === '6' ? <OneClickPage /> : <ClipVideoPage />;
}
