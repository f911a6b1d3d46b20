import { useNavigate } from 'react-router';
import { Card, Col, Row, Typography } from 'antd';
import { ClipMode, clipModeName, type ClipModel } from '@vidmatrix/contract/api/clip-task';
import { Msg } from '@vidmatrix/contract/messages';
import { clipRoute, toHref } from '@vidmatrix/contract/rules/clip-route';

/** What each mode card says. */
const MODE_TEXT: Record<ClipModel, string> = {
  1: '多段素材随机混剪成 N 条不重复视频，配口播、字幕和音乐',
  2: '按分镜脚本逐段配素材，画面长度跟随配音',
  3: '长视频按镜头拆分，跨视频重新拼接',
  4: '真人或数字人口播为主轨，穿插空镜',
  5: '图片加文字，推拉摇移与转场',
  6: '按顺序每组取一段，配一整段旁白',
  7: '根据行业与卖点由大模型写文案并匹配素材',
  8: '每组独立素材与文案，按组顺序交叉组合',
};

/** /clip/AddTask (and the one-click and group variants): the mode cards. */
export function AddTaskPage() {
  const navigate = useNavigate();
  const open = (mode: ClipModel) => {
    const to = clipRoute(1, { id: 0, mode });
    if (to) {
      void navigate(toHref(to));
    }
  };
  return (
    <Card title={Msg.clipNewTask}>
      <Row gutter={[16, 16]}>
        {Object.values(ClipMode).map((mode) => (
          <Col key={mode} xs={24} sm={12} lg={6}>
            <Card hoverable onClick={() => open(mode)} data-testid={`clip-mode-${mode}`}>
              <Typography.Title level={5}>{clipModeName[mode]}</Typography.Title>
              <Typography.Text type="secondary">{MODE_TEXT[mode]}</Typography.Text>
            </Card>
          </Col>
        ))}
      </Row>
    </Card>
  );
}
