import { useEffect, useState } from 'react';
import { Alert, Button, Card, Descriptions, Form, Input, Result, Space } from 'antd';
import { DesktopOutlined } from '@ant-design/icons';
import { PublicPath } from '@vidmatrix/contract/console-paths';
import { Msg } from '@vidmatrix/contract/messages';
import type { ChromiumCheck, DesktopApi } from '@vidmatrix/contract/desktop-api';
import { Link } from 'react-router';
import { getDesktop } from '../../../lib/desktop.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useDesktopSettings } from '../components/use-desktop-settings.ts';
import styles from './system-page.module.css';

/** What a browser test said, in the member's words. */
function CheckResult({ check }: { check: ChromiumCheck }) {
  if (check.ok) {
    return (
      <Alert
        type="success"
        showIcon
        message={`浏览器可用${check.version ? `：${check.version}` : ''}`}
        description={check.path}
        data-testid="chromium-check"
      />
    );
  }
  return (
    <Alert
      type="error"
      showIcon
      message={check.error || Msg.chromiumNotFound}
      description={check.path || undefined}
      data-testid="chromium-check"
    />
  );
}

function ChromiumPathForm({ desktop }: { desktop: DesktopApi }) {
  const [form] = Form.useForm<{ path: string }>();
  const [busy, setBusy] = useState<'detect' | 'test' | 'save' | null>(null);
  const [check, setCheck] = useState<ChromiumCheck | null>(null);
  useEffect(() => {
    let alive = true;
    void desktop.getChromiumPath().then((path) => {
      if (alive) {
        form.setFieldValue('path', path);
      }
    });
    return () => {
      alive = false;
    };
  }, [desktop, form]);

  // Each action reports through the check result; a thrown IPC error is shown as it came.
  const run = async (kind: 'detect' | 'test' | 'save', action: () => Promise<void>) => {
    setBusy(kind);
    try {
      await action();
    } catch (error) {
      notifyError(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(null);
    }
  };
  const handleDetect = () =>
    run('detect', async () => {
      const found = await desktop.detectChromium?.();
      if (found) {
        setCheck(found);
        if (found.ok) {
          form.setFieldValue('path', found.path);
        }
      }
    });
  const testPath = (path: string) =>
    run('test', async () => {
      const tested = await desktop.testChromiumPath?.(path);
      if (tested) {
        setCheck(tested);
      }
    });
  const handleTest = () => {
    const path = String(form.getFieldValue('path') ?? '').trim();
    // An empty path means "found automatically" (the shell refuses to test nothing).
    return path ? testPath(path) : handleDetect();
  };
  const handleSave = ({ path }: { path: string }) =>
    run('save', async () => {
      await desktop.setChromiumPath((path ?? '').trim());
      notifySuccess(Msg.updated);
    });

  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={(v) => void handleSave(v)}
      // A result describes the path it tested: editing the path retires it.
      onValuesChange={() => setCheck(null)}
      className={styles.narrow}
    >
      <Form.Item
        label="本地浏览器路径"
        name="path"
        extra="账号授权与发布任务将使用该浏览器；留空则自动查找本机的 Chrome / Edge / Chromium。"
      >
        <Input placeholder="例如 C:\Program Files\Google\Chrome\Application\chrome.exe" allowClear />
      </Form.Item>
      <Space wrap>
        {desktop.detectChromium ? (
          <Button loading={busy === 'detect'} onClick={() => void handleDetect()}>
            自动检测
          </Button>
        ) : null}
        {desktop.testChromiumPath ? (
          <Button loading={busy === 'test'} onClick={() => void handleTest()}>
            测试启动
          </Button>
        ) : null}
        <Button type="primary" htmlType="submit" loading={busy === 'save'}>
          保存
        </Button>
      </Space>
      {check ? (
        <div className={styles.gap}>
          <CheckResult check={check} />
        </div>
      ) : null}
    </Form>
  );
}

/** The settings the shell keeps about itself (read-only here; the server address is chosen at first start). */
function ShellSettings({ desktop }: { desktop: DesktopApi }) {
  const [settings] = useDesktopSettings(desktop);
  return (
    <Descriptions column={1} bordered size="middle" data-testid="shell-settings">
      <Descriptions.Item label="客户端版本">
        v{desktop.versionName}（{desktop.versionCode}）
      </Descriptions.Item>
      <Descriptions.Item label="操作系统">{desktop.os}</Descriptions.Item>
      <Descriptions.Item label="服务器地址">{settings?.serverUrl || window.location.origin}</Descriptions.Item>
    </Descriptions>
  );
}

/** /chromiumPath: the browser the runner and account authorization use, and the shell's system settings (desktop only). */
export function ChromiumPathPage() {
  const desktop = getDesktop();
  if (!desktop) {
    return (
      <Card title="系统设置" variant="borderless">
        <Result
          icon={<DesktopOutlined aria-hidden style={{ color: '#ad6aff' }} />}
          title={Msg.clientOnly}
          subTitle="浏览器路径、账号授权、字体与任务同步等功能需要在AI获客矩阵桌面客户端中使用。"
          extra={
            <Link to={PublicPath.download}>
              <Button type="primary">下载客户端</Button>
            </Link>
          }
        />
      </Card>
    );
  }
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card title="浏览器设置" variant="borderless">
        <Alert
          type="info"
          showIcon
          message="账号授权与发布任务通过本地浏览器完成，请确认浏览器可以正常启动。"
          style={{ marginBottom: 20 }}
        />
        <ChromiumPathForm desktop={desktop} />
      </Card>
      <Card title="系统设置" variant="borderless">
        <ShellSettings desktop={desktop} />
      </Card>
    </Space>
  );
}
