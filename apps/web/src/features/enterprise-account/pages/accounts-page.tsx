import { memo, useCallback, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Input, Popconfirm, Select, Space, Statistic, Typography } from 'antd';
import {
  DeleteOutlined,
  FolderOpenOutlined,
  MessageOutlined,
  PlusOutlined,
  UploadOutlined,
  UserSwitchOutlined,
} from '@ant-design/icons';
import type { EnterpriseAccount } from '@vidmatrix/contract/api/enterprise-account';
import { TABLE_DEFAULT_PAGE_SIZE } from '@vidmatrix/contract/constants';
import { fillMsg, Msg } from '@vidmatrix/contract/messages';
import { remainingAccounts } from '@vidmatrix/contract/rules/quota';
import { useAccountGroups } from '../../../api/account/get-account-groups.ts';
import { usePlatforms } from '../../../api/account/get-platforms.ts';
import { useLevelInfo } from '../../../api/member/get-level-info.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ExportButton } from '../../../components/export-button.tsx';
import { ImportDialog } from '../../../components/import-dialog.tsx';
import { getDesktop } from '../../../lib/desktop.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { downloadAccountImportTemplate, exportAccounts, importAccounts } from '../api/account-files.ts';
import { invalidateAccounts, useAuthCkStatus, useDeleteAccounts } from '../api/account-mutations.ts';
import { startRunnerAuthorize, useExpiredAccounts } from '../api/runner-authorize.ts';
import { getAccountsQueryOptions, type AccountFilters, type AccountQuery } from '../api/get-accounts.ts';
import { AccountFormDialog } from '../components/account-form-dialog.tsx';
import { AccountTable } from '../components/account-table.tsx';
import { AccountPickDialog } from '../components/account-pick-dialog.tsx';
import { AuthLogDrawer } from '../components/auth-log-drawer.tsx';
import { GroupManagerDialog } from '../components/group-manager-dialog.tsx';
import { HarvestDialog } from '../components/harvest-dialog.tsx';
import { ReauthAlert } from '../components/reauth-alert.tsx';
import { RunnerAuthDialog } from '../components/runner-auth-dialog.tsx';
import { RunnerGuidance } from '../../../widgets/runner-guidance/runner-guidance.tsx';
import { MoveGroupDialog } from '../components/move-group-dialog.tsx';

const IMPORT_INSTRUCTIONS = [
  '表头依次为：昵称、备注、平台、分组、代理IP；昵称与平台必填，平台填写平台名称（如 抖音）或平台编号。',
  '同一平台下昵称相同的账号视为同一账号，导入时更新其备注、分组与代理IP（空白单元格不覆盖）。',
  '分组不存在时自动创建；超出账号额度或有误的行不会导入，可下载失败数据查看原因。',
];

type Dialog = 'add' | 'groups' | 'harvest' | 'import' | 'move' | 'pick' | null;

/**
 * ConsolePath.accounts: the member's social accounts by platform and group, with batch actions.
 * Changing the page or its size re-renders the table alone: the header, the toolbar and the dialogs
 * are memoized on what they show.
 */
export function AccountsPage() {
  const [query, setQuery] = useState<AccountQuery>({
    page: 1,
    limit: TABLE_DEFAULT_PAGE_SIZE,
    group_id: '',
    remarks: '',
    platform_id: 0,
  });
  const [selected, setSelected] = useState<number[]>([]);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [editing, setEditing] = useState<EnterpriseAccount | null>(null);
  const [logOf, setLogOf] = useState<EnterpriseAccount | null>(null);
  const [runnerAuth, setRunnerAuth] = useState<{ requestId: number; nickname: string } | null>(null);
  const expired = useExpiredAccounts();

  // Only the count: the rows are AccountTable's, so their arrival does not re-render the page.
  const listCount = useQuery({ ...getAccountsQueryOptions(query), select: (list) => list.count }).data ?? 0;
  const remove = useDeleteAccounts();
  const authCk = useAuthCkStatus();

  const handleFilter = useCallback((changes: Partial<AccountFilters>) => {
    setQuery((q) => ({ ...q, page: 1, ...changes }));
    setSelected([]);
  }, []);
  const { group_id, remarks, platform_id } = query;
  const filters = useMemo(() => ({ group_id, remarks, platform_id }), [group_id, remarks, platform_id]);

  const handleReauthorize = async (
    account: Pick<EnterpriseAccount, 'enterprise_account_id' | 'platform_id' | 'nickname'>,
  ) => {
    const desktop = getDesktop();
    if (!desktop) {
      // In a browser: one of the member's runners, or a server runner the level allows, logs in and
      // relays the QR (the server answers 请在客户端进行操作 when none is online; the guidance says what to do).
      const { request_id } = await startRunnerAuthorize(account.enterprise_account_id);
      setRunnerAuth({ requestId: request_id, nickname: account.nickname });
      return;
    }
    const result = await desktop.authorizeAccount(account.enterprise_account_id, account.platform_id);
    if (!result.ok) {
      notifyError(result.msg);
      return;
    }
    await authCk.mutateAsync({ enterprise_account_id: account.enterprise_account_id, cookie_auth_status: 1 });
    notifySuccess(Msg.authSuccess);
  };

  const handlePageChange = useCallback((page: number, limit: number) => setQuery((q) => ({ ...q, page, limit })), []);

  const handleDelete = (ids: number[]) =>
    remove.mutateAsync(ids).then(() => {
      notifySuccess(Msg.deleted);
      setSelected([]);
    });

  const handleDialogClose = useCallback(() => {
    setDialog(null);
    setEditing(null);
    setLogOf(null);
  }, []);
  const handleMoved = useCallback(() => {
    setDialog(null);
    setSelected([]);
  }, []);
  const handlePicked = useCallback((ids: number[]) => {
    setDialog(null);
    setSelected(ids);
  }, []);

  return (
    <Card variant="borderless" data-testid="accounts-page">
      <AccountsHeader />
      {getDesktop() ? null : <RunnerGuidance />}
      <AccountsToolbar filters={filters} empty={listCount === 0} onFilter={handleFilter} onOpen={setDialog} />

      {selected.length > 0 && (
        <Space style={{ marginBottom: 12 }} data-testid="batch-bar">
          <Typography.Text>已选 {selected.length} 个账号</Typography.Text>
          <Button size="small" onClick={() => setDialog('move')} data-testid="batch-move">
            批量移动分组
          </Button>
          <Popconfirm
            title={Msg.accountDeleteConfirm}
            okText="删除"
            cancelText="取消"
            onConfirm={() => handleDelete(selected)}
          >
            <Button size="small" danger icon={<DeleteOutlined aria-hidden />} data-testid="batch-delete">
              批量删除
            </Button>
          </Popconfirm>
        </Space>
      )}

      <ReauthAlert
        onReauthorize={(id) => {
          const account = expired.data?.list.find((a) => a.enterprise_account_id === id);
          if (account) {
            handleReauthorize(account).catch(() => undefined);
          }
        }}
      />

      <AccountTable
        query={query}
        onPageChange={handlePageChange}
        selected={selected}
        onSelect={setSelected}
        onEdit={setEditing}
        onReauthorize={(a) => {
          handleReauthorize(a).catch(() => undefined);
        }}
        onAuthLog={setLogOf}
        onDelete={(a) => handleDelete([a.enterprise_account_id])}
        empty={
          group_id === '' && remarks === '' && platform_id === 0 ? (
            <EmptyState
              title="在这里管理您在各平台的账号"
              description="添加抖音、快手、小红书等平台的账号并授权后，就能批量发布视频、采集评论和私信。"
              action={
                <Button type="primary" onClick={() => setDialog('add')} data-testid="empty-add-account">
                  添加账号
                </Button>
              }
            />
          ) : undefined
        }
      />

      <RunnerAuthDialog
        requestId={runnerAuth?.requestId ?? null}
        nickname={runnerAuth?.nickname ?? ''}
        onClose={() => setRunnerAuth(null)}
      />

      <AccountDialogs
        dialog={dialog}
        editing={editing}
        logOf={logOf}
        selected={selected}
        onClose={handleDialogClose}
        onMoved={handleMoved}
        onPicked={handlePicked}
      />
    </Card>
  );
}

/** The title and the account quota (SPEC §3). */
const AccountsHeader = memo(function AccountsHeader() {
  const quota = useLevelInfo();
  const left = quota.data ? remainingAccounts(quota.data) : null;
  return (
    <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 8 }} wrap>
      <Typography.Title level={4} style={{ margin: 0 }}>
        账号管理
      </Typography.Title>
      {quota.data && (
        <Space size={32} data-testid="account-quota">
          <Statistic title="账号额度" value={quota.data.level.account_num} suffix="个" />
          <Statistic title="已添加" value={quota.data.level_user.account_num} suffix="个" />
          <Statistic
            title="剩余可添加"
            value={left ?? 0}
            suffix="个"
            styles={{ content: { color: left === 0 ? '#ff4d4f' : '#ad6aff' } }}
          />
        </Space>
      )}
    </Space>
  );
});

interface AccountsToolbarProps {
  filters: AccountFilters;
  /** The list is empty: 导出 says 暂无数据. */
  empty: boolean;
  onFilter: (changes: Partial<AccountFilters>) => void;
  onOpen: (dialog: Dialog) => void;
}

/** Platform, group and text filters, and the page's buttons. */
const AccountsToolbar = memo(function AccountsToolbar({ filters, empty, onFilter, onOpen }: AccountsToolbarProps) {
  const quota = useLevelInfo();
  const groups = useAccountGroups();
  const platforms = usePlatforms();
  const left = quota.data ? remainingAccounts(quota.data) : null;
  return (
    <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
      <Space wrap>
        {/* A select, not tabs: eighteen platforms overflowed a tab strip into a ⋯ menu, on a phone after four. */}
        <Select<number>
          style={{ width: 140 }}
          value={filters.platform_id}
          onChange={(platform_id) => onFilter({ platform_id })}
          showSearch={{ optionFilterProp: 'label' }}
          aria-label="按平台筛选"
          data-testid="platform-filter"
          options={[
            { value: 0, label: '全部平台' },
            ...(platforms.data?.list ?? []).map((p) => ({ value: p.platform_id, label: p.platform_name })),
          ]}
        />
        <Select<number | ''>
          style={{ width: 160 }}
          value={filters.group_id}
          onChange={(group_id) => onFilter({ group_id })}
          showSearch={{ optionFilterProp: 'label' }}
          aria-label="按分组筛选"
          data-testid="group-filter"
          options={[
            { value: '', label: Msg.allGroups },
            { value: 0, label: Msg.noGroup },
            ...(groups.data?.list ?? []).map((g) => ({
              value: g.group_id,
              label: `${g.group_name}（${g.account_count}）`,
            })),
          ]}
        />
        <Input.Search
          allowClear
          placeholder="搜索昵称或备注"
          style={{ width: 220 }}
          onSearch={(remarks) => onFilter({ remarks: remarks.trim() })}
          data-testid="remarks-search"
        />
      </Space>
      <Space wrap>
        <Button
          type="primary"
          icon={<PlusOutlined aria-hidden />}
          title={left === null ? undefined : fillMsg(Msg.accountQuotaLeft, { n: left })}
          onClick={() => onOpen('add')}
          data-testid="add-account"
        >
          添加账号
        </Button>
        <Button icon={<UploadOutlined aria-hidden />} onClick={() => onOpen('import')} data-testid="import-accounts">
          导入
        </Button>
        <ExportButton download={() => exportAccounts(filters)} disabled={empty} />
        <Button icon={<FolderOpenOutlined aria-hidden />} onClick={() => onOpen('groups')} data-testid="manage-groups">
          分组管理
        </Button>
        <Button icon={<UserSwitchOutlined aria-hidden />} onClick={() => onOpen('pick')} data-testid="pick-accounts">
          选择账号
        </Button>
        <Button icon={<MessageOutlined aria-hidden />} onClick={() => onOpen('harvest')} data-testid="harvest-accounts">
          评论私信采集
        </Button>
      </Space>
    </Space>
  );
});

interface AccountDialogsProps {
  dialog: Dialog;
  /** The account whose edit dialog is open. */
  editing: EnterpriseAccount | null;
  /** The account whose authorization log is open. */
  logOf: EnterpriseAccount | null;
  selected: number[];
  onClose: () => void;
  /** The selected accounts moved to another group. */
  onMoved: () => void;
  /** Accounts chosen in the 选择账号 dialog: the page's new selection. */
  onPicked: (ids: number[]) => void;
}

/** The page's dialogs and its log drawer. */
const AccountDialogs = memo(function AccountDialogs({
  dialog,
  editing,
  logOf,
  selected,
  onClose,
  onMoved,
  onPicked,
}: AccountDialogsProps) {
  const client = useQueryClient();
  return (
    <>
      <AccountFormDialog open={dialog === 'add' || editing !== null} account={editing} onClose={onClose} />
      <GroupManagerDialog open={dialog === 'groups'} onClose={onClose} />
      <HarvestDialog open={dialog === 'harvest'} onClose={onClose} />
      <MoveGroupDialog
        open={dialog === 'move'}
        ids={selected}
        onClose={(moved) => {
          if (moved) {
            onMoved();
          } else {
            onClose();
          }
        }}
      />
      {dialog === 'pick' && <AccountPickDialog initial={selected} onPicked={onPicked} onClose={onClose} />}
      <ImportDialog
        open={dialog === 'import'}
        title="导入账号"
        upload={importAccounts}
        downloadTemplate={downloadAccountImportTemplate}
        instructions={IMPORT_INSTRUCTIONS}
        onClose={onClose}
        onImported={() => {
          void invalidateAccounts(client);
        }}
      />
      <AuthLogDrawer account={logOf} onClose={onClose} />
    </>
  );
});
