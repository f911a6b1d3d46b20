import { Alert, Space } from 'antd';
import { Link } from 'react-router';
import { Msg, fillMsg } from '@vidmatrix/contract/messages';
import { useRunners } from '../../api/runner/get-runners.ts';
import { useUiStore } from '../../lib/ui-store.ts';

/**
 * What a member can do while no runner can serve them (no account can be authorized or published
 * then): the desktop client, with its download when a release exists, or the operator. Nothing
 * while a runner can.
 */
export function RunnerGuidance() {
  const runners = useRunners();
  const links = useUiStore((s) => s.clientLinks);
  const availability = runners.data?.availability;
  if (!availability || availability.ready) {
    return null;
  }
  const levelWithout = availability.server_online > 0 && !availability.server_allowed;
  const download = Boolean(links?.windows_url || links?.mac_config_url);
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      data-testid="runner-guidance"
      message={
        levelWithout ? fillMsg(Msg.runnerLevelNoServer, { level: availability.level_name }) : Msg.runnerNoneTitle
      }
      description={
        <Space direction="vertical" size={4}>
          <span>
            {download ? Msg.runnerNoneDesktop : Msg.runnerNoneDesktopMissing}
            {download ? (
              <Link to="/download" style={{ marginLeft: 8 }} data-testid="runner-guidance-download">
                下载桌面客户端
              </Link>
            ) : null}
          </span>
          {levelWithout ? null : <span>{Msg.runnerNoneOperator}</span>}
        </Space>
      }
    />
  );
}
