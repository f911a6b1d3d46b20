import { useState } from 'react';
import { Button, Card, Divider, Form, Input, InputNumber, Modal, Radio, Switch, Tag, Typography } from 'antd';
import { validationMessage } from '@vidmatrix/contract/api/common';
import {
  REPLY_KIND_LABEL,
  REPLY_MATCH_LABEL,
  REPLY_MODE_LABEL,
  replyRuleSaveBody,
  replySettingsBody,
  type ReplyRule,
} from '@vidmatrix/contract/api/reply-rule';
import { Msg } from '@vidmatrix/contract/messages';
import {
  REPLY_BUSINESS_MAX_LENGTH,
  REPLY_HOURLY_CAP_MAX,
  REPLY_MATCH_KINDS,
  REPLY_PRODUCTS_MAX_LENGTH,
  type ReplyMatchKind,
  type ReplyMode,
  type ReplyRuleKind,
} from '@vidmatrix/contract/rules/reply-rules';
import { ResponsiveTable } from '../../../components/responsive-table.tsx';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useReplyRules } from '../api/get-reply-rules.ts';
import { useReplySettings, useSaveReplySettings } from '../api/reply-settings.ts';
import { useReplyRuleMutations } from '../api/save-reply-rule.ts';

interface RuleForm {
  kind: ReplyRuleKind;
  match: ReplyMatchKind;
  keywords: string;
  reply: string;
  mode: ReplyMode;
  enabled: boolean;
}

const EMPTY: RuleForm = { kind: 'keyword', match: 'contains', keywords: '', reply: '', mode: 'auto', enabled: true };

/** Keywords as the member types them: separated by commas (either width), 、 or new lines. */
/** The keywords of the field: a list split at commas, or one regular expression (its commas are its own). */
function splitKeywords(text: string, match: ReplyMatchKind): string[] {
  if (match === 'regex') {
    return text.trim() === '' ? [] : [text.trim()];
  }
  return text
    .split(/[,，、\n]/)
    .map((k) => k.trim())
    .filter((k) => k !== '');
}

/** The member's facts for AI replies and the hourly cap of automatic replies. */
function ReplySettingsForm() {
  const { data } = useReplySettings();
  const save = useSaveReplySettings();
  const [form] = Form.useForm<{ business: string; products: string; hourly_cap: number }>();
  const handleSave = (values: { business: string; products: string; hourly_cap: number }) => {
    const parsed = replySettingsBody.safeParse(values);
    if (!parsed.success) {
      notifyError(validationMessage(parsed.error.issues));
      return;
    }
    save.mutate(parsed.data, { onSuccess: () => notifySuccess(Msg.replySaved) });
  };
  if (!data) {
    return null;
  }
  return (
    <Form form={form} layout="vertical" initialValues={data} onFinish={handleSave} data-testid="reply-settings">
      <Form.Item label="业务介绍（AI回复依据）" name="business">
        <Input.TextArea
          maxLength={REPLY_BUSINESS_MAX_LENGTH}
          autoSize={{ minRows: 2, maxRows: 4 }}
          data-testid="settings-business"
        />
      </Form.Item>
      <Form.Item label="产品信息（价格、规格、活动）" name="products">
        <Input.TextArea
          maxLength={REPLY_PRODUCTS_MAX_LENGTH}
          autoSize={{ minRows: 2, maxRows: 6 }}
          data-testid="settings-products"
        />
      </Form.Item>
      <Form.Item label="每个账号每小时最多自动回复" name="hourly_cap">
        <InputNumber min={1} max={REPLY_HOURLY_CAP_MAX} addonAfter="条" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="settings-save">
        保存设置
      </Button>
    </Form>
  );
}

/** The member's reply rules: keyword → reply or an AI reply, sent automatically or after approval. */
export function ReplyRulesPanel() {
  const { data, isFetching } = useReplyRules();
  const { save, remove } = useReplyRuleMutations();
  const [editing, setEditing] = useState<{ ruleId?: number; values: RuleForm } | null>(null);
  const [form] = Form.useForm<RuleForm>();
  const kind = Form.useWatch('kind', form);
  const match = Form.useWatch('match', form);

  const open = (rule?: ReplyRule) => {
    const values = rule
      ? {
          kind: rule.kind,
          match: rule.match,
          // Several patterns are any-of, as one pattern's alternatives are.
          keywords: rule.keywords.join(rule.match === 'regex' ? '|' : '，'),
          reply: rule.reply,
          mode: rule.mode,
          enabled: rule.enabled,
        }
      : EMPTY;
    setEditing({ ruleId: rule?.rule_id, values });
    form.setFieldsValue(values);
  };

  const handleSubmit = (values: RuleForm) => {
    const parsed = replyRuleSaveBody.safeParse({
      ...values,
      ...(editing?.ruleId ? { rule_id: editing.ruleId } : {}),
      keywords: splitKeywords(values.keywords ?? '', values.match),
      reply: values.reply ?? '',
    });
    if (!parsed.success) {
      notifyError(validationMessage(parsed.error.issues));
      return;
    }
    save.mutate(parsed.data, {
      onSuccess: () => {
        notifySuccess(Msg.replySaved);
        setEditing(null);
      },
    });
  };

  return (
    <Card
      size="small"
      title="自动回复规则"
      extra={
        <Button type="primary" onClick={() => open()} data-testid="rule-add">
          新增规则
        </Button>
      }
    >
      <ResponsiveTable<ReplyRule>
        rowKey="rule_id"
        size="small"
        loading={isFetching}
        pagination={false}
        dataSource={data?.list ?? []}
        data-testid="rule-list"
        rowActions={(r) => [
          { key: 'edit', label: '编辑', onClick: () => open(r) },
          {
            key: 'dele',
            label: '删除',
            danger: true,
            confirm: '确定删除该规则？',
            onClick: () => remove.mutate({ rule_id: r.rule_id }),
          },
        ]}
        columns={[
          { title: '方式', dataIndex: 'kind', width: 100, render: (k: ReplyRuleKind) => REPLY_KIND_LABEL[k] },
          {
            title: '关键词',
            dataIndex: 'keywords',
            render: (list: string[], r) =>
              list.length === 0 ? '有购买意向的消息' : `${REPLY_MATCH_LABEL[r.match]}：${list.join('、')}`,
          },
          { title: '回复内容', dataIndex: 'reply', ellipsis: true, render: (t: string) => t || 'AI 根据业务介绍起草' },
          {
            title: '发送',
            dataIndex: 'mode',
            width: 110,
            render: (m: ReplyMode) => <Tag color={m === 'auto' ? 'blue' : 'orange'}>{REPLY_MODE_LABEL[m]}</Tag>,
          },
          {
            title: '状态',
            dataIndex: 'enabled',
            width: 160,
            // A rule whose pattern the matcher no longer runs says so, with what to do.
            render: (on: boolean, r) =>
              r.problem ? (
                <div data-testid="rule-problem">
                  <Tag color="error">未生效</Tag>
                  <Typography.Text type="danger">{r.problem}</Typography.Text>
                </div>
              ) : on ? (
                '启用'
              ) : (
                '停用'
              ),
          },
        ]}
      />
      <Divider titlePlacement="start">AI回复设置</Divider>
      <ReplySettingsForm />
      <Modal
        title={editing?.ruleId ? '编辑规则' : '新增规则'}
        open={editing !== null}
        onCancel={() => setEditing(null)}
        onOk={() => form.submit()}
        confirmLoading={save.isPending}
        okText="保存"
        cancelText="取消"
        forceRender
      >
        <Form form={form} layout="vertical" initialValues={EMPTY} onFinish={handleSubmit} data-testid="rule-form">
          <Form.Item label="回复方式" name="kind">
            <Radio.Group
              options={(['keyword', 'ai'] as const).map((k) => ({ value: k, label: REPLY_KIND_LABEL[k] }))}
            />
          </Form.Item>
          <Form.Item label="匹配方式" name="match">
            <Radio.Group options={REPLY_MATCH_KINDS.map((k) => ({ value: k, label: REPLY_MATCH_LABEL[k] }))} />
          </Form.Item>
          <Form.Item
            label={
              match === 'regex'
                ? '正则表达式（一条，用 | 分隔几种说法）'
                : kind === 'ai'
                  ? '关键词（可不填：回复所有有购买意向的消息）'
                  : '关键词（用逗号分隔）'
            }
            name="keywords"
          >
            <Input placeholder="多少钱，怎么买" data-testid="rule-keywords" />
          </Form.Item>
          {kind === 'ai' ? null : (
            <Form.Item label="回复内容" name="reply">
              <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} data-testid="rule-reply" />
            </Form.Item>
          )}
          <Form.Item label="发送方式" name="mode">
            <Radio.Group
              options={(['auto', 'approve'] as const).map((k) => ({ value: k, label: REPLY_MODE_LABEL[k] }))}
            />
          </Form.Item>
          <Form.Item label="启用" name="enabled" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
