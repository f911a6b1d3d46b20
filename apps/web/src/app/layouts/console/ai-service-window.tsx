import { useState } from 'react';
import { Button } from 'antd';
import { CloseOutlined, CustomerServiceOutlined } from '@ant-design/icons';
import { AI_CHAT_WINDOW } from '@vidmatrix/contract/constants';
import { isEmbeddableAiLink } from '@vidmatrix/contract/rules/ai-service';
import { useMemberInfo } from '../../../api/member/get-member-info.ts';
import { AntdProvider } from '../../../components/antd-provider.tsx';
import styles from './ai-service-window.module.css';

/** The floating AI customer-service window (SPEC §2.3), when the member has is_ai.is_ai_service. */
export function AiServiceWindow() {
  const { data: member } = useMemberInfo();
  const [open, setOpen] = useState(false);
  const ai = member?.is_ai;
  if (!ai?.is_ai_service || !isEmbeddableAiLink(ai.ai_link)) {
    return null;
  }
  // The console shell has no antd provider (app/layouts/antd-outlet.tsx); this lazy window brings its own.
  return (
    <AntdProvider>
      <div className={styles.root}>
        {open ? (
          <div className={styles.window} style={{ width: AI_CHAT_WINDOW.width }} data-testid="ai-service-window">
            <div className={styles.title}>
              <span>{ai.ai_name}</span>
              <button type="button" className={styles.close} aria-label="关闭" onClick={() => setOpen(false)}>
                <CloseOutlined aria-hidden />
              </button>
            </div>
            <iframe
              title={ai.ai_name}
              src={ai.ai_link}
              width={AI_CHAT_WINDOW.width}
              height={AI_CHAT_WINDOW.height}
              className={styles.frame}
              sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
              referrerPolicy="no-referrer"
            />
          </div>
        ) : null}
        <Button
          type="primary"
          shape="circle"
          size="large"
          icon={open ? <CloseOutlined aria-hidden /> : <CustomerServiceOutlined aria-hidden />}
          aria-label={ai.ai_name}
          title={ai.ai_name}
          onClick={() => setOpen((v) => !v)}
          data-testid="ai-service-toggle"
        />
      </div>
    </AntdProvider>
  );
}
