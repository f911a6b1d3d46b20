import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { Card, Spin, Tabs } from 'antd';
import { useVideos } from '../api/get-videos.ts';
import { usePublishFrames } from '../api/use-publish-frames.ts';
import { BatchDetail } from '../components/batch-detail.tsx';
import { BatchForm } from '../components/batch-form.tsx';
import { BatchList } from '../components/batch-list.tsx';
import { RunnerPanel } from '../components/runner-panel.tsx';
import { RunnerGuidance } from '../../../widgets/runner-guidance/runner-guidance.tsx';

type Tab = 'new' | 'list' | 'runners';
const TABS: readonly Tab[] = ['new', 'list', 'runners'];

/** Ids of `materials=1,2,3` (去发布 from a clip task). */
function idsOf(param: string | null): number[] {
  return (param ?? '')
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
}

/**
 * /publish/batch (批量发布): 新建批量发布, 发布记录 with live progress, 发布器; `?batch=<id>` opens a
 * batch's matrix, `?materials=<ids>` starts a batch with those videos.
 */
export function PublishPage() {
  usePublishFrames();
  const [params, setParams] = useSearchParams();
  const materialParam = params.get('materials');
  const materialIds = useMemo(() => idsOf(materialParam), [materialParam]);
  const videos = useVideos(materialIds);
  const batchId = Number(params.get('batch'));
  const tabParam = params.get('tab') as Tab | null;
  const tab: Tab = tabParam && TABS.includes(tabParam) ? tabParam : materialIds.length > 0 ? 'new' : 'list';

  if (Number.isInteger(batchId) && batchId > 0) {
    return <BatchDetail batchId={batchId} onBack={() => setParams({ tab: 'list' })} />;
  }
  return (
    <Card title="批量发布">
      <RunnerGuidance />
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams({ tab: key })}
        destroyOnHidden
        items={[
          {
            key: 'new',
            label: '新建发布',
            children: (
              <Spin spinning={materialIds.length > 0 && videos.isLoading}>
                <BatchForm
                  key={materialParam ?? ''}
                  initialVideos={videos.data ?? EMPTY}
                  onCreated={(id) => setParams({ batch: String(id) })}
                />
              </Spin>
            ),
          },
          {
            key: 'list',
            label: '发布记录',
            children: (
              <BatchList onOpen={(id) => setParams({ batch: String(id) })} onCreate={() => setParams({ tab: 'new' })} />
            ),
          },
          { key: 'runners', label: '发布器', children: <RunnerPanel /> },
        ]}
      />
    </Card>
  );
}

const EMPTY: never[] = [];
