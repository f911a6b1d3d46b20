import { useState } from 'react';
import { Button, Collapse, Modal, Popconfirm, Space, Typography } from 'antd';
import { ApiOutlined, CopyOutlined } from '@ant-design/icons';
import {
  CustomerApi,
  WEBHOOK_MEMBER_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
} from '@vidmatrix/contract/api/customer';
import { Msg } from '@vidmatrix/contract/messages';
import { copyText } from '../../../lib/clipboard.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useWebhookSecret } from '../api/get-webhook-secret.ts';
import { useRotateWebhookSecret } from '../api/rotate-webhook-secret.ts';

/**
 * A button opening the member's webhook secret and its rotation. What the member reads is what it is for;
 * the request's address, headers and signature are for their technician, folded under 技术对接说明.
 */
export function WebhookSecretPanel() {
  const [open, setOpen] = useState(false);
  const { data } = useWebhookSecret(open);
  const rotate = useRotateWebhookSecret();
  return (
    <>
      <Button icon={<ApiOutlined aria-hidden />} onClick={() => setOpen(true)} data-testid="webhook-secret-open">
        消息接入
      </Button>
      <Modal title="消息接入" open={open} onCancel={() => setOpen(false)} footer={null} width={640}>
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Paragraph data-testid="webhook-intro">
            {
              '您自己的系统（如官网在线客服、留资表单）可以把客户消息推送到这里，与各平台的消息一起显示和回复。把签名密钥和下面的技术对接说明交给您的技术人员即可。'
            }
          </Typography.Paragraph>
          <Typography.Text>签名密钥：</Typography.Text>
          <Space>
            <Typography.Text code data-testid="webhook-secret">
              {data?.secret ?? ''}
            </Typography.Text>
            <Button
              size="small"
              icon={<CopyOutlined aria-hidden />}
              disabled={!data?.secret}
              onClick={() => void copyText(data?.secret ?? '')}
              data-testid="webhook-secret-copy"
            >
              复制
            </Button>
          </Space>
          <Collapse
            size="small"
            data-testid="webhook-details"
            items={[
              {
                key: 'details',
                label: '技术对接说明',
                children: (
                  <Space direction="vertical" style={{ width: '100%' }}>
                    <Typography.Text>
                      接收地址：
                      <Typography.Text
                        code
                      >{`POST ${window.location.origin}${CustomerApi.webhookMessage}`}</Typography.Text>
                    </Typography.Text>
                    <Typography.Text>
                      会员 ID（{WEBHOOK_MEMBER_HEADER}）：
                      <Typography.Text code>{data?.member_id ?? ''}</Typography.Text>
                    </Typography.Text>
                    <Typography.Paragraph type="secondary">
                      {`请求头 ${WEBHOOK_TIMESTAMP_HEADER} 为 Unix 秒级时间戳，${WEBHOOK_SIGNATURE_HEADER} 为 sha256=HMAC-SHA256(密钥, 时间戳 + "." + 原始请求体) 的十六进制值；超过 5 分钟或重复的请求将被拒绝。`}
                    </Typography.Paragraph>
                  </Space>
                ),
              },
            ]}
          />
          <Popconfirm
            title="更换后旧密钥立即失效，确定更换？"
            onConfirm={() => rotate.mutate(undefined, { onSuccess: () => notifySuccess(Msg.secretRotated) })}
          >
            <Button danger loading={rotate.isPending} data-testid="webhook-secret-rotate">
              更换密钥
            </Button>
          </Popconfirm>
        </Space>
      </Modal>
    </>
  );
}
