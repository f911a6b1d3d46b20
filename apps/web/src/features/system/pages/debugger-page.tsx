import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Form, Select, Space, Switch, Tag, Typography } from 'antd';
import { API_TIMEOUT_MS } from '@vidmatrix/contract/constants';
import type { DesktopApi, DesktopLogLevel, DesktopSettings } from '@vidmatrix/contract/desktop-api';
import { Msg } from '@vidmatrix/contract/messages';
import { APP_VERSION } from '../../../lib/brand.ts';
import { getDesktop } from '../../../lib/desktop.ts';
import { notifyError, notifyInfo, notifySuccess } from '../../../lib/notify.ts';
import { apiBase } from '../../../lib/request.ts';
import { useSessionStore } from '../../../lib/session-store.ts';
import { useUiStore } from '../../../lib/ui-store.ts';
import { useUpdateStore } from '../../../lib/update-store.ts';
import { useHealth } from '../api/get-health.ts';
import { useDesktopSettings } from '../components/use-desktop-settings.ts';
import { HelperCard } from '../components/helper-card.tsx';

const LOG_LEVELS: { value: DesktopLogLevel; label: string }[] = [
  { value: 'debug', label: '调试 (debug)' },
  { value: 'info', label: '信息 (info)' },
  { value: 'warn', label: '警告 (warn)' },
  { value: 'error', label: '错误 (error)' },
];

type DebugSettings = Pick<DesktopSettings, 'logLevel' | 'devtools' | 'showRunnerBrowser'>;

/** The shell's debug settings, each saved as soon as it changes, and the diagnostics export. */
function DesktopDebug({ desktop }: { desktop: DesktopApi }) {
  const [settings, setSettings] = useDesktopSettings(desktop);
  const [exporting, setExporting] = useState(false);
  const [bundle, setBundle] = useState('');

  const handleChange = async (changes: Partial<DebugSettings>) => {
    if (!desktop.setSettings) {
      return;
    }
    try {
      setSettings(await desktop.setSettings(changes));
      notifySuccess(Msg.updated);
    } catch (error) {
      notifyError(error instanceof Error ? error.message : String(error));
    }
  };
  const handleExport = async () => {
    if (!desktop.exportDiagnostics) {
      return;
    }
    setExporting(true);
    try {
      setBundle(await desktop.exportDiagnostics());
    } catch (error) {
      notifyError(error instanceof Error ? error.message : String(error));
    } finally {
      setExporting(false);
    }
  };

  return (
    <Form layout="horizontal" labelCol={{ flex: '160px' }} labelAlign="left" data-testid="desktop-debug">
      {settings ? (
        <>
          <Form.Item label="日志级别">
            <Select
              style={{ width: 200 }}
              value={settings.logLevel}
              options={LOG_LEVELS}
              onChange={(logLevel) => void handleChange({ logLevel })}
              data-testid="log-level"
            />
          </Form.Item>
          <Form.Item label="打开开发者工具" extra="重启客户端后生效">
            <Switch
              checked={settings.devtools}
              onChange={(devtools) => void handleChange({ devtools })}
              data-testid="devtools"
            />
          </Form.Item>
          <Form.Item
            label="显示发布浏览器"
            extra="发布任务运行时显示浏览器窗口，便于观察和排查；重新登录或重启客户端后生效"
          >
            <Switch
              checked={settings.showRunnerBrowser}
              onChange={(showRunnerBrowser) => void handleChange({ showRunnerBrowser })}
              data-testid="show-runner-browser"
            />
          </Form.Item>
        </>
      ) : null}
      {desktop.exportDiagnostics ? (
        <Form.Item label="诊断信息" extra="打包日志与最近失败任务的截图，发送给客服排查问题">
          <Space direction="vertical">
            <Button loading={exporting} onClick={() => void handleExport()}>
              导出诊断包
            </Button>
            {bundle ? (
              <Typography.Text copyable data-testid="diagnostics-path">
                {bundle}
              </Typography.Text>
            ) : null}
          </Space>
        </Form.Item>
      ) : null}
    </Form>
  );
}

/** /debugger: what the client runs against, the shell's debug settings, the update check and the helper. */
export function DebuggerPage() {
  const desktop = getDesktop();
  const username = useSessionStore((s) => s.username);
  const updateData = useUiStore((s) => s.updateData);
  const checking = useUpdateStore((s) => s.phase === 'checking' && s.manual);
  const startManualCheck = useUpdateStore((s) => s.startManualCheck);
  const media = useHealth().data?.media;

  const handleCheck = () => {
    startManualCheck();
    // The shell answers through onUpdate; in a browser the update host asks versionInfo.
    desktop?.checkForUpdate().catch((error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      useUpdateStore.getState().apply({ type: 'error', kind: 'update-error', message });
      // SPEC §8: a failed update check is information, not an error.
      notifyInfo(message);
    });
  };

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title="调试设置"
        variant="borderless"
        extra={
          <Button onClick={handleCheck} loading={checking}>
            检查更新
          </Button>
        }
      >
        <Descriptions column={1} bordered size="middle">
          <Descriptions.Item label="运行环境">
            {desktop ? <Tag color="purple">桌面客户端（{desktop.os}）</Tag> : <Tag color="blue">浏览器</Tag>}
          </Descriptions.Item>
          <Descriptions.Item label="客户端版本">v{desktop?.versionName ?? APP_VERSION}</Descriptions.Item>
          <Descriptions.Item label="接口地址">{apiBase || window.location.origin}</Descriptions.Item>
          <Descriptions.Item label="请求超时">{API_TIMEOUT_MS / 1000} 秒</Descriptions.Item>
          <Descriptions.Item label="当前账号">{username || '-'}</Descriptions.Item>
          <Descriptions.Item label="可用更新">
            {updateData ? `${updateData.versionName}` : Msg.latestVersion}
          </Descriptions.Item>
          <Descriptions.Item label="服务器 ffmpeg">
            {media ? (
              <>
                {media.source === 'none' ? '未安装' : media.version}{' '}
                <Tag color={media.clip_ready ? 'green' : 'orange'}>
                  {media.clip_ready ? '可合成视频' : '无法合成视频'}
                </Tag>
                {/* The install hint is the operator's (healthz, server log): members are told whom to ask. */}
                {media.clip_ready ? null : <div>请联系管理员为服务器安装视频处理组件</div>}
              </>
            ) : (
              '-'
            )}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title="客户端调试" variant="borderless">
        {desktop ? (
          <DesktopDebug desktop={desktop} />
        ) : (
          <Alert
            type="info"
            showIcon
            message={Msg.clientOnly}
            description="日志级别、开发者工具、发布浏览器与诊断包仅在桌面客户端中可用。"
          />
        )}
      </Card>
      <HelperCard />
    </Space>
  );
}
