import { Card, Descriptions, Tag } from 'antd';
import { API_TIMEOUT_MS, TOKEN_HEADER } from '@vidmatrix/contract/constants';
import { APP_VERSION } from '../../../lib/brand.ts';
import { getDesktop } from '../../../lib/desktop.ts';
import { apiBase } from '../../../lib/request.ts';
import { useSessionStore } from '../../../lib/session-store.ts';
import { useUiStore } from '../../../lib/ui-store.ts';
import { useHealth } from '../api/get-health.ts';

/** /debugger: what the client runs against, for support and troubleshooting. */
export function DebuggerPage() {
  const desktop = getDesktop();
  const roles = useSessionStore((s) => s.roles);
  const username = useSessionStore((s) => s.username);
  const updateData = useUiStore((s) => s.updateData);
  const media = useHealth().data?.media;
  return (
    <Card title="调试设置" variant="borderless">
      <Descriptions column={1} bordered size="middle">
        <Descriptions.Item label="运行环境">
          {desktop ? <Tag color="purple">桌面客户端（{desktop.os}）</Tag> : <Tag color="blue">浏览器</Tag>}
        </Descriptions.Item>
        <Descriptions.Item label="客户端版本">v{desktop?.versionName ?? APP_VERSION}</Descriptions.Item>
        <Descriptions.Item label="接口地址">{apiBase || window.location.origin}</Descriptions.Item>
        <Descriptions.Item label="请求超时">{API_TIMEOUT_MS / 1000} 秒</Descriptions.Item>
        <Descriptions.Item label="令牌请求头">{TOKEN_HEADER}</Descriptions.Item>
        <Descriptions.Item label="当前账号">{username || '-'}</Descriptions.Item>
        <Descriptions.Item label="角色">{roles.length > 0 ? roles.join(', ') : '-'}</Descriptions.Item>
        <Descriptions.Item label="可用更新">
          {updateData ? `${updateData.versionName}` : '当前已是最新版本'}
        </Descriptions.Item>
        <Descriptions.Item label="服务器 ffmpeg">
          {media ? (
            <>
              {media.source === 'none' ? '未安装' : media.version}{' '}
              <Tag color={media.clip_ready ? 'green' : 'orange'}>
                {media.clip_ready ? '可合成视频' : '无法合成视频'}
              </Tag>
              {media.hint ? <div>{media.hint}</div> : null}
            </>
          ) : (
            '-'
          )}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
