import { Button, Form, Input } from 'antd';
import { agentApplyBody, type AgentApplyBody } from '@vidmatrix/contract/api/agent';
import { Msg } from '@vidmatrix/contract/messages';
import { notifySuccess } from '../../../lib/notify.ts';
import { zodRule } from '../../../lib/zod-rule.ts';
import { useApplyAgent } from '../api/agent-mutations.ts';

/** The agent programme's application form. */
export function ApplyForm() {
  const [form] = Form.useForm<AgentApplyBody>();
  const apply = useApplyAgent();
  const shape = agentApplyBody.shape;
  return (
    <Form<AgentApplyBody>
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={(values) => apply.mutate(values, { onSuccess: () => notifySuccess(Msg.agentApplied) })}
      data-testid="agent-apply-form"
    >
      <Form.Item label="公司名称" name="company" rules={[zodRule(shape.company)]}>
        <Input placeholder="请输入公司名称" maxLength={64} />
      </Form.Item>
      <Form.Item label="联系人" name="contact" rules={[zodRule(shape.contact)]}>
        <Input placeholder="请输入联系人" maxLength={32} />
      </Form.Item>
      <Form.Item label="手机号" name="phone" rules={[zodRule(shape.phone)]}>
        <Input placeholder="请输入手机号" maxLength={11} inputMode="numeric" />
      </Form.Item>
      <Form.Item label="所在地区" name="region" rules={[zodRule(shape.region)]}>
        <Input placeholder="如：浙江杭州" maxLength={64} />
      </Form.Item>
      <Form.Item label="补充说明" name="note" rules={[zodRule(shape.note)]}>
        <Input.TextArea placeholder="您的客户资源、团队规模等" rows={3} maxLength={500} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={apply.isPending} block>
        提交申请
      </Button>
    </Form>
  );
}
