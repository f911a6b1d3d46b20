import { Form, Input, Skeleton } from 'antd';
import { SafetyOutlined } from '@ant-design/icons';
import { Msg } from '@vidmatrix/contract/messages';
import type { CaptchaResult } from '@vidmatrix/contract/api/auth';
import styles from './auth-form.module.css';

/** The captcha input with its image; clicking the image draws a new one. */
export function CaptchaField({ captcha, onRefresh }: { captcha: CaptchaResult | undefined; onRefresh: () => void }) {
  return (
    <Form.Item required>
      <div className={styles.captchaRow}>
        <Form.Item
          name="captcha_code"
          noStyle
          rules={[{ required: true, whitespace: true, message: Msg.captchaRequired }]}
        >
          <Input
            size="large"
            prefix={<SafetyOutlined />}
            placeholder="请输入验证码"
            maxLength={16}
            autoComplete="off"
          />
        </Form.Item>
        <button
          type="button"
          className={styles.captchaImage}
          onClick={onRefresh}
          title="看不清？换一张"
          aria-label="验证码图片，点击刷新"
        >
          {captcha ? (
            <img
              src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(captcha.image)}`}
              alt="验证码"
              data-testid="captcha-image"
            />
          ) : (
            <Skeleton.Button active block />
          )}
        </button>
      </div>
    </Form.Item>
  );
}
