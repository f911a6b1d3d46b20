import { useState } from 'react';
import { Button, Input, Space, Tag } from 'antd';
import { MESSAGE_MAX_LENGTH, type ChatMessage } from '@vidmatrix/contract/api/customer';
import { validationMessage } from '@vidmatrix/contract/api/common';
import { approveReplyBody } from '@vidmatrix/contract/api/reply-rule';
import { Msg } from '@vidmatrix/contract/messages';
import { notifyError } from '../../../lib/notify.ts';
import { useReviewReply } from '../api/review-reply.ts';

/** A rule's drafted reply: why it waits, and 通过并发送 / 修改 / 放弃. A discarded one shows only its tag. */
export function DraftReview({ message }: { message: ChatMessage }) {
  const { approve, discard } = useReviewReply();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(message.content);

  if (message.approval === 'discarded') {
    return (
      <Tag data-testid="draft-state" data-state="discarded">
        {Msg.replyApprovalDiscarded}
      </Tag>
    );
  }
  if (message.approval !== 'waiting') {
    return null;
  }
  const handleApprove = () => {
    const parsed = approveReplyBody.safeParse({
      message_id: message.message_id,
      ...(editing ? { content: text } : {}),
    });
    if (!parsed.success) {
      notifyError(validationMessage(parsed.error.issues));
      return;
    }
    approve.mutate(parsed.data, { onSuccess: () => setEditing(false) });
  };
  return (
    <div data-testid="draft-review">
      <Tag color="warning" data-testid="draft-state" data-state="waiting">
        {Msg.replyApprovalWaiting}
      </Tag>
      {message.hold_reason ? <span data-testid="draft-reason">{message.hold_reason}</span> : null}
      {editing ? (
        <Input.TextArea
          value={text}
          onChange={(e) => setText(e.target.value)}
          autoSize={{ minRows: 1, maxRows: 4 }}
          maxLength={MESSAGE_MAX_LENGTH}
          data-testid="draft-edit"
        />
      ) : null}
      <Space size="small">
        <Button
          size="small"
          type="primary"
          loading={approve.isPending}
          onClick={handleApprove}
          data-testid="draft-approve"
        >
          通过并发送
        </Button>
        {editing ? null : (
          <Button size="small" onClick={() => setEditing(true)} data-testid="draft-modify">
            修改
          </Button>
        )}
        <Button
          size="small"
          danger
          loading={discard.isPending}
          onClick={() => discard.mutate({ message_id: message.message_id })}
          data-testid="draft-discard"
        >
          放弃
        </Button>
      </Space>
    </div>
  );
}
