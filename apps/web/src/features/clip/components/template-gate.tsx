import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, Card, Result } from 'antd';
import { clipModeName, type ClipModel } from '@vidmatrix/contract/api/clip-task';
import { Msg } from '@vidmatrix/contract/messages';
import { clipRoute, toHref } from '@vidmatrix/contract/rules/clip-route';
import { useClipTemplate, type ClipTemplateChoice } from '../api/get-clip-templates.ts';

/**
 * A templated mode page (1, 2, 4, 7) draws its form only once its template is known: a loading card
 * while the member's own template loads, so no other template's name or settings show meanwhile.
 */
export function ClipTemplateGate(props: { mode: ClipModel; children: (template: ClipTemplateChoice) => ReactNode }) {
  const [params] = useSearchParams();
  const state = useClipTemplate(params.get('template'));
  const title = clipModeName[props.mode];
  switch (state.status) {
    case 'ready':
      return props.children(state.choice);
    case 'loading':
      return <Card title={title} loading data-testid="clip-template-loading" />;
    case 'failed':
      return (
        <Card title={title}>
          <Result
            status="warning"
            title={Msg.clipTemplateLoadFailed}
            extra={<Button onClick={state.retry}>重试</Button>}
          />
        </Card>
      );
    case 'missing': {
      const choose = clipRoute(1, { id: params.get('id') ?? '0', mode: props.mode });
      return (
        <Card title={title}>
          <Result
            status="warning"
            title={Msg.clipTemplateMissing}
            extra={choose && <Link to={toHref(choose)}>{Msg.clipChooseTemplate}</Link>}
          />
        </Card>
      );
    }
  }
}
