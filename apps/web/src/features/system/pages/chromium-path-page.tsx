import { useEffect, useState } from 'react';
import { Alert, Button, Card, Form, Input, Result } from 'antd';
import { DesktopOutlined } from '@ant-design/icons';
import { PublicPath } from '@vidmatrix/contract/console-paths';
import { Msg } from '@vidmatrix/contract/messages';
import { Link } from 'react-router';
import { getDesktop } from '../../../lib/desktop.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import type { DesktopApi } from '@vidmatrix/contract/desktop-api';

function ChromiumPathForm({ desktop }: { desktop: DesktopApi }) {
  const [form] = Form.useForm<{ path: string }>();
  const [saving, setSaving] = useState(false);
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
  const handleFinish = async ({ path }: { path: string }) => {
    setSaving(true);
    try {
      await desktop.setChromiumPath(path.trim());
      notifySuccess(Msg.updated);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Form form={form} layout="vertical" onFinish={handleFinish} style={{ maxWidth: 640 }}>
      <Form.Item label="本地浏览器路径" name="path" extra="账号授权时将使用该浏览器打开各平台登录页。">
        <Input placeholder="例如 C:\Program Files\Google\Chrome\Application\chrome.exe" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving}>
        保存
      </Button>
    </Form>
  );
}

/** /chromiumPath: the local browser used for account authorization (desktop only) and system settings. */
export function ChromiumPathPage() {
  const desktop = getDesktop();
  return (
    <Card title="系统设置" variant="borderless">
      {desktop ? (
        <>
          <Alert
            type="info"
            showIcon
            message="账号授权通过本地浏览器完成，请确认浏览器路径正确。"
            style={{ marginBottom: 20 }}
          />
          <ChromiumPathForm desktop={desktop} />
        </>
      ) : (
        <Result
          icon={<DesktopOutlined style={{ color: '#ad6aff' }} />}
          title="该功能仅在桌面客户端中可用"
          subTitle="浏览器路径、账号授权、字体与任务同步等功能需要在AI获客矩阵桌面客户端中使用。"
          extra={
            <Link to={PublicPath.download}>
              <Button type="primary">下载客户端</Button>
            </Link>
          }
        />
      )}
    </Card>
  );
}
