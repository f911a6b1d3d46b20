import { useEffect, useState } from 'react';
import { Button, Form, Input, Modal, Switch } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import type { AiServiceInfo } from '@vidmatrix/contract/api/member';
import { AI_SERVICE_LINK_MAX, AI_SERVICE_NAME_MAX, aiServiceBody } from '@vidmatrix/contract/api/user-center';
import { Msg } from '@vidmatrix/contract/messages';
import { notifySuccess } from '../../../lib/notify.ts';
import { useUpdateAiService } from '../api/update-ai-service.ts';

interface AiServiceValues {
  enabled: boolean;
  ai_name: string;
  ai_link: string;
}

/**
 * The member's AI customer-service setting (SPEC §2.3 floating window, §3 is_ai): on or off, the
 * window's title and the https page it embeds. The contract's schema checks the form, as on the server.
 */
export function AiServiceSettings({ ai }: { ai: AiServiceInfo }) {
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<AiServiceValues>();
  const save = useUpdateAiService();

  // Each opening starts from the saved setting (the form outlives the dialog).
  useEffect(() => {
    if (open) {
      form.resetFields();
      form.setFieldsValue({ enabled: ai.is_ai_service === 1, ai_name: ai.ai_name, ai_link: ai.ai_link });
    }
  }, [open, ai, form]);

  const handleFinish = (values: AiServiceValues) => {
    const body = {
      is_ai_service: values.enabled ? 1 : 0,
      ai_name: values.ai_name ?? '',
      ai_link: values.ai_link ?? '',
    } as const;
    const checked = aiServiceBody.safeParse(body);
    if (!checked.success) {
      form.setFields(
        checked.error.issues.map((issue) => ({
          name: issue.path[0] as keyof AiServiceValues,
          errors: [issue.message],
        })),
      );
      return;
    }
    save.mutate(body, {
      onSuccess: () => {
        notifySuccess(Msg.aiServiceSaved);
        setOpen(false);
      },
    });
  };

  return (
    <>
      <Button
        size="small"
        icon={<SettingOutlined aria-hidden />}
        onClick={() => setOpen(true)}
        data-testid="ai-service-settings"
      >
        AI客服设置
      </Button>
      <Modal
        title="AI客服设置"
        open={open}
        onCancel={() => setOpen(false)}
        onOk={() => form.submit()}
        okText="保存"
        cancelText="取消"
        confirmLoading={save.isPending}
        forceRender
      >
        <Form<AiServiceValues> form={form} layout="vertical" requiredMark={false} onFinish={handleFinish}>
          <Form.Item
            label="开启AI客服窗口"
            name="enabled"
            valuePropName="checked"
            extra="开启后，控制台右下角出现AI客服按钮，点击打开客服窗口。"
          >
            <Switch />
          </Form.Item>
          <Form.Item label="客服名称" name="ai_name">
            <Input placeholder="例如：小矩客服" maxLength={AI_SERVICE_NAME_MAX} />
          </Form.Item>
          <Form.Item label="客服链接" name="ai_link" extra="您的AI客服对话页面地址，仅支持 https:// 开头的链接。">
            <Input placeholder="https://" maxLength={AI_SERVICE_LINK_MAX} inputMode="url" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
