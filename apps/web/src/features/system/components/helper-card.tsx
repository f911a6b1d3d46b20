import { useState } from 'react';
import { Alert, Button, Card, Space } from 'antd';
import { SUPER_TERMINAL_LINK, type HelperResult } from '@vidmatrix/contract/desktop-api';
import { getDesktop } from '../../../lib/desktop.ts';
import { useUiStore } from '../../../lib/ui-store.ts';

/** Older shells answer openHelper with a boolean; both shapes mean the same. */
function asHelperResult(result: HelperResult | boolean): HelperResult {
  return typeof result === 'boolean' ? { opened: result } : result;
}

/** The super terminal helper (SPEC §2.7): opened through its protocol, otherwise the Mac or Windows download. */
export function HelperCard() {
  const desktop = getDesktop();
  const links = useUiStore((s) => s.clientLinks);
  const [opening, setOpening] = useState(false);
  // In a browser the protocol cannot be checked, so the downloads show straight away.
  const [result, setResult] = useState<HelperResult | null>(desktop ? null : { opened: false });

  const handleOpen = async () => {
    if (!desktop) {
      return;
    }
    setOpening(true);
    try {
      setResult(asHelperResult(await desktop.openHelper(SUPER_TERMINAL_LINK)));
    } catch {
      setResult({ opened: false });
    } finally {
      setOpening(false);
    }
  };

  const downloads = result?.downloadUrl
    ? [{ label: '下载超级终端助手', url: result.downloadUrl }]
    : [
        { label: 'Mac 版下载', url: links?.mac_config_url ?? '' },
        { label: 'Windows 版下载', url: links?.windows_url ?? '' },
      ].filter((d) => d.url);

  return (
    <Card title="超级终端助手" variant="borderless" data-testid="helper-card">
      <Space direction="vertical" style={{ width: '100%' }}>
        {desktop ? (
          <Button type="primary" loading={opening} onClick={() => void handleOpen()}>
            打开超级终端助手
          </Button>
        ) : null}
        {result?.opened ? <Alert type="success" showIcon message="已打开超级终端助手" /> : null}
        {result && !result.opened ? (
          <Alert
            type="info"
            showIcon
            message={desktop ? '未检测到超级终端助手，请下载安装后重试' : '超级终端助手需在电脑上安装后使用'}
            description={
              downloads.length > 0 ? (
                <Space wrap>
                  {downloads.map((d) => (
                    <Button key={d.label} href={d.url} target="_blank" rel="noreferrer">
                      {d.label}
                    </Button>
                  ))}
                </Space>
              ) : (
                '暂无可用的下载地址'
              )
            }
          />
        ) : null}
      </Space>
    </Card>
  );
}
