import { Tag, Tooltip } from 'antd';
import type { ChatMessage } from '@vidmatrix/contract/api/customer';
import { Msg } from '@vidmatrix/contract/messages';

/** The delivery state of a reply: 发送中, 已送达, or 发送失败 with its reason on hover. */
export function DeliveryTag({ message }: { message: ChatMessage }) {
  switch (message.delivery_status) {
    case 'pending':
      return (
        <Tag color="processing" data-testid="delivery-state" data-state="pending">
          {Msg.deliveryPending}
        </Tag>
      );
    case 'sent':
      return (
        <Tag color="success" data-testid="delivery-state" data-state="sent">
          {Msg.deliverySent}
        </Tag>
      );
    case 'failed':
      return (
        <Tooltip title={message.fail_reason}>
          <Tag color="error" data-testid="delivery-state" data-state="failed">
            {Msg.deliveryFailed}
            {message.fail_reason ? `：${message.fail_reason}` : ''}
          </Tag>
        </Tooltip>
      );
    case '':
      return null;
  }
}
