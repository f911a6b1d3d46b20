import { useQueryClient } from '@tanstack/react-query';
import type { AuthorizeView } from '@vidmatrix/contract/api/runner-auth';
import { Msg } from '@vidmatrix/contract/messages';
import { Button, Input, Modal, Result, Space, Spin, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { onAccountAuth } from '../../../lib/socket.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { invalidateAccounts } from '../api/account-mutations.ts';
import {
  useCancelRunnerAuthorize,
  useRunnerAuthorize,
  useSendAuthorizeCode,
  useWriteAuthorizeFrame,
} from '../api/runner-authorize.ts';

interface RunnerAuthDialogProps {
  /** The request to follow; null: closed. */
  requestId: number | null;
  nickname: string;
  onClose: () => void;
}

/**
 * The QR relay of an authorization through the member's runner (SPEC §4): the runner opens the
 * platform's login in the account's own profile and the QR it shows arrives here over the websocket,
 * so the person scans it with the platform's app; 授权成功 when the login lands.
 */
export function RunnerAuthDialog({ requestId, nickname, onClose }: RunnerAuthDialogProps) {
  const client = useQueryClient();
  const info = useRunnerAuthorize(requestId);
  const write = useWriteAuthorizeFrame();
  const cancel = useCancelRunnerAuthorize();
  const told = useRef<number | null>(null);

  useEffect(
    () =>
      onAccountAuth((frame) => {
        if (frame.request_id === requestId) {
          write(frame as AuthorizeView);
        }
      }),
    [requestId, write],
  );

  const view = info.data;
  const state = view?.state ?? 'pending';
  useEffect(() => {
    if (view?.state === 'done' && told.current !== view.request_id) {
      told.current = view.request_id;
      notifySuccess(Msg.authSuccess);
      void invalidateAccounts(client);
    }
  }, [view, client]);

  // Once the platform asked for an SMS code, the steps after it (checking, asking again) keep the
  // code step's compact size instead of the QR step's.
  const [smsFor, setSmsFor] = useState<number | null>(null);
  if (state === 'sms' && requestId !== null && smsFor !== requestId) {
    setSmsFor(requestId);
  }
  const afterSms = requestId !== null && smsFor === requestId;

  const open = state === 'pending' || state === 'running' || state === 'qr' || state === 'sms';
  const handleClose = () => {
    if (open && requestId !== null) {
      cancel.mutate(requestId);
    }
    onClose();
  };

  return (
    <Modal
      open={requestId !== null}
      // After the scan some platforms (Douyin) ask for an SMS code: the title follows the step.
      title={`${state === 'sms' ? '短信验证' : '扫码授权'}：${nickname}`}
      onCancel={handleClose}
      footer={
        <Button onClick={handleClose} data-testid="runner-auth-close">
          {open ? '取消' : '关闭'}
        </Button>
      }
      destroyOnHidden
      width={420}
    >
      <div
        data-testid="runner-auth-dialog"
        data-state={state}
        // The QR step and the wait for it keep one height so the dialog does not jump when the QR
        // arrives; the SMS code step is a line and a field, and the dialog fits it.
        style={{ textAlign: 'center', minHeight: afterSms ? undefined : 260 }}
      >
        {state === 'qr' && view ? (
          <Space direction="vertical" align="center">
            <img
              src={view.qr_image}
              alt="登录二维码"
              width={220}
              height={220}
              data-testid="runner-auth-qr"
              style={{ border: '1px solid #f0f0f0', borderRadius: 8, padding: 8, background: '#fff' }}
            />
            <Typography.Text data-testid="runner-auth-msg">{view.msg}</Typography.Text>
            <Typography.Text type="secondary">二维码由发布器从平台登录页实时转发，刷新后自动更新</Typography.Text>
          </Space>
        ) : state === 'sms' && view && requestId !== null ? (
          <SmsCode requestId={requestId} prompt={view.msg} />
        ) : state === 'done' ? (
          <Result status="success" title={Msg.authSuccess} data-testid="runner-auth-msg" />
        ) : open ? (
          <Space direction="vertical" align="center" style={{ padding: afterSms ? '24px 0' : '72px 0 0' }}>
            <Spin />
            <Typography.Text data-testid="runner-auth-msg">{view?.msg || Msg.authRunnerWaiting}</Typography.Text>
          </Space>
        ) : (
          <Result
            status="error"
            title={(state === 'failed' || state === 'expired') && view?.msg ? view.msg : Msg.authRequestEnded}
            data-testid="runner-auth-msg"
          />
        )}
      </div>
    </Modal>
  );
}

/** The platform's SMS check after the scan (Douyin): the member types the code their phone received. */
function SmsCode({ requestId, prompt }: { requestId: number; prompt: string }) {
  const send = useSendAuthorizeCode();
  const [code, setCode] = useState('');
  return (
    <Space direction="vertical" align="center" style={{ padding: '24px 0' }} data-testid="runner-auth-sms">
      {/* After a refused code the prompt is the platform's refusal: shown as an error. */}
      <Typography.Text data-testid="runner-auth-msg" type={prompt === Msg.authSmsCodeRefused ? 'danger' : undefined}>
        {prompt}
      </Typography.Text>
      <Space.Compact>
        <Input
          style={{ width: 160 }}
          placeholder="短信验证码"
          inputMode="numeric"
          maxLength={8}
          value={code}
          onChange={(e) => setCode(e.target.value.trim())}
          onPressEnter={() => send.mutate({ request_id: requestId, code })}
          data-testid="runner-auth-code"
        />
        <Button
          type="primary"
          loading={send.isPending}
          onClick={() => send.mutate({ request_id: requestId, code })}
          data-testid="runner-auth-code-submit"
        >
          提交
        </Button>
      </Space.Compact>
    </Space>
  );
}
