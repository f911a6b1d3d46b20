import { useNavigate, useSearchParams } from 'react-router';
import { Card, Col, Row, Tag, Typography } from 'antd';
import { clipRoute, toHref } from '@vidmatrix/contract/rules/clip-route';
import { SEEDED_TEMPLATES } from '../templates.ts';

/** /clip/VideoTemplate: pick a seeded template, then the mode's own page. */
export function VideoTemplatePage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const mode = Number(params.get('mode') ?? 1);
  const id = params.get('id') ?? '0';
  const pick = (key: string) => {
    const to = clipRoute(2, { id, mode });
    if (to) {
      void navigate(toHref({ path: to.path, query: { ...to.query, template: key } }));
    }
  };
  return (
    <Card title="选择视频模板">
      <Row gutter={[16, 16]}>
        {SEEDED_TEMPLATES.map((t) => (
          <Col key={t.key} xs={24} sm={12} lg={8}>
            <Card hoverable onClick={() => pick(t.key)} data-testid={`clip-template-${t.key}`}>
              <Typography.Title level={5}>{t.name}</Typography.Title>
              <Typography.Paragraph type="secondary">{t.description}</Typography.Paragraph>
              <Tag>{t.template.subtitle?.font}</Tag>
              <Tag>{t.template.filter}</Tag>
              <Tag>{t.template.fit === 'blur' ? '模糊填充' : '裁切铺满'}</Tag>
            </Card>
          </Col>
        ))}
      </Row>
    </Card>
  );
}
