import { useNavigate } from 'react-router';
import { Button, Card, Space, Steps, Typography } from 'antd';
import { ClipMode, clipModeName } from '@vidmatrix/contract/api/clip-task';
import { ConsolePath } from '@vidmatrix/contract/console-paths';
import { clipRoute, toHref } from '@vidmatrix/contract/rules/clip-route';

/** /ai/clip (AI剪辑员工): what the AI editor does, and the way into AI剪辑 (mode 7). */
export function AiClipStaffPage() {
  const navigate = useNavigate();
  const start = () => {
    const to = clipRoute(1, { id: 0, mode: ClipMode.aiClip, clipModeName: clipModeName[ClipMode.aiClip] });
    if (to) {
      void navigate(toHref(to));
    }
  };
  return (
    <Card>
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        <div>
          <Typography.Title level={4}>写文案、配画面、出成片，一次生成多条不重复的视频</Typography.Title>
          <Typography.Paragraph type="secondary">
            告诉它你的行业、产品和卖点，它用大模型写出多篇不同的口播文案，按素材的标签和名称为每一句配上画面，
            合成带配音、字幕和音乐的短视频，成片自动存入素材库，可直接去批量发布。
          </Typography.Paragraph>
        </div>
        <Steps
          size="small"
          items={[
            { title: '选择模板', description: '字幕、转场、色调与音乐' },
            { title: '填写产品信息', description: '行业、产品、卖点、人群' },
            { title: '生成文案', description: '每条视频一篇，可修改' },
            { title: '剪辑成片', description: '进度实时可见，成片进素材库' },
          ]}
        />
        <Space>
          <Button type="primary" size="large" onClick={start}>
            开始AI剪辑
          </Button>
          <Button size="large" onClick={() => void navigate(ConsolePath.clipTasks)}>
            查看剪辑任务
          </Button>
        </Space>
      </Space>
    </Card>
  );
}
