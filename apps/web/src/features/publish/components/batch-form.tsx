import { useMemo, useState } from 'react';
import {
  Alert,
  Button,
  Card,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Radio,
  Select,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import type { Material } from '@vidmatrix/contract/api/material';
import type { BatchAddBody } from '@vidmatrix/contract/api/publish';
import { PUBLISH_TEXT_MAX } from '@vidmatrix/contract/api/publish';
import { Msg } from '@vidmatrix/contract/messages';
import { PUBLISH_PLATFORMS, PUBLISH_RULES } from '@vidmatrix/contract/rules/publish-rules';
import { PUBLISH_ACCOUNT_SPACING_SEC, PUBLISH_BATCH_MAX_JOBS } from '@vidmatrix/contract/rules/publish-state';
import { notifyError } from '../../../lib/notify.ts';
import { AccountSelector } from '../../../widgets/account-selector/account-selector.tsx';
import { MaterialPickerDialog } from '../../../widgets/material-picker/material-picker-dialog.tsx';
import { useAddBatch } from '../api/publish-mutations.ts';
import { PLATFORM_LABEL } from './publish-labels.ts';

/** Platform ids the publisher has a connector for: only their accounts are offered. */
const PUBLISHABLE_PLATFORM_IDS = PUBLISH_PLATFORMS.flatMap((p) => PUBLISH_RULES[p].platformIds);

type ScheduleMode = 'now' | 'at' | 'spread';

interface Copy {
  title: string;
  description: string;
  topics: string[];
}

const emptyCopy: Copy = { title: '', description: '', topics: [] };

/** Title, description and topics of one copy. */
function CopyFields(props: { value: Copy; onChange: (copy: Copy) => void; testId: string }) {
  const { value, onChange } = props;
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid={props.testId}>
      <Input
        placeholder="标题"
        maxLength={PUBLISH_TEXT_MAX.title}
        value={value.title}
        onChange={(e) => onChange({ ...value, title: e.target.value })}
        data-testid="copy-title"
      />
      <Input.TextArea
        placeholder="描述"
        maxLength={PUBLISH_TEXT_MAX.description}
        autoSize={{ minRows: 2, maxRows: 6 }}
        value={value.description}
        onChange={(e) => onChange({ ...value, description: e.target.value })}
        data-testid="copy-description"
      />
      <Select
        mode="tags"
        // Full width like the title above it; the hint stays below once topics hide the placeholder.
        style={{ width: '100%' }}
        placeholder="话题（输入后回车）"
        aria-label="话题"
        value={value.topics}
        onChange={(topics: string[]) => onChange({ ...value, topics })}
        tokenSeparators={[',', '，', ' ', '#']}
        maxCount={PUBLISH_TEXT_MAX.topics}
        open={false}
        suffixIcon={null}
        data-testid="copy-topics"
      />
      <Typography.Text type="secondary" data-testid="copy-topics-hint">
        输入话题后按回车添加，不用输入 #，最多 {PUBLISH_TEXT_MAX.topics} 个
      </Typography.Text>
    </Space>
  );
}

/**
 * 新建批量发布: videos from the material picker (or a clip task's outputs), accounts from the account
 * selector (§5.4 rules disable the others), copy per batch or per video, and the schedule. The server
 * checks every video × account against its platform's rules; a refusal is shown as it names them.
 */
export function BatchForm(props: { initialVideos: Material[]; onCreated: (batchId: number) => void }) {
  const add = useAddBatch();
  // null until the member changes the list: videos handed over by 去发布 may arrive after the first render.
  const [picked, setVideos] = useState<Material[] | null>(null);
  const videos = picked ?? props.initialVideos;
  const [pickerOpen, setPickerOpen] = useState(false);
  const [cover, setCover] = useState<Material | null>(null);
  const [coverPickerOpen, setCoverPickerOpen] = useState(false);
  const [accountIds, setAccountIds] = useState<number[]>([]);
  const [perVideo, setPerVideo] = useState(false);
  const [copy, setCopy] = useState<Copy>(emptyCopy);
  const [copies, setCopies] = useState<Record<number, Copy>>({});
  const [mode, setMode] = useState<ScheduleMode>('now');
  const [at, setAt] = useState<Dayjs | null>(null);
  const [platformTimer, setPlatformTimer] = useState(false);
  const [spacingMin, setSpacingMin] = useState(PUBLISH_ACCOUNT_SPACING_SEC / 60);
  const [refusal, setRefusal] = useState('');

  const jobCount = videos.length * accountIds.length;
  const copyOf = (id: number): Copy => copies[id] ?? copy;
  const videoIds = useMemo(() => new Set(videos.map((v) => v.file_id)), [videos]);

  const handleSubmit = () => {
    setRefusal('');
    if (videos.length === 0) {
      notifyError(Msg.chooseVideo);
      return;
    }
    if (accountIds.length === 0) {
      notifyError(Msg.selectAccounts);
      return;
    }
    if (mode === 'at' && !at) {
      notifyError('请选择发布时间');
      return;
    }
    const body: BatchAddBody = {
      material_ids: videos.map((v) => v.file_id),
      enterprise_account_ids: accountIds,
      title: perVideo ? (copyOf(videos[0]?.file_id ?? 0).title ?? '') : copy.title,
      description: perVideo ? '' : copy.description,
      topics: perVideo ? [] : copy.topics,
      copies: perVideo ? videos.map((v) => ({ material_id: v.file_id, ...copyOf(v.file_id) })) : [],
      ...(cover ? { cover_material_id: cover.file_id } : {}),
      schedule:
        mode === 'now'
          ? { platform_timer: false }
          : mode === 'at'
            ? { start_at: at?.valueOf(), platform_timer: platformTimer }
            : { start_at: at?.valueOf(), spacing_sec: Math.round(spacingMin * 60), platform_timer: false },
    };
    add.mutate(body, {
      onSuccess: (result) => props.onCreated(result.batch_id),
      onError: (error) => setRefusal(error.message),
    });
  };

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="batch-form">
      <Card size="small" title={`1. 选择视频（已选 ${videos.length} 个）`}>
        <Space direction="vertical" style={{ width: '100%' }}>
          <Button onClick={() => setPickerOpen(true)} data-testid="pick-videos">
            从素材库选择视频
          </Button>
          <Table<Material>
            size="small"
            rowKey="file_id"
            pagination={false}
            dataSource={videos}
            locale={{ emptyText: <Typography.Text type="secondary">{Msg.chooseVideo}</Typography.Text> }}
            columns={[
              {
                title: '视频',
                render: (_, v) => (
                  <Space>
                    {v.thumb_url ? (
                      <img src={v.thumb_url} alt="" style={{ width: 48, height: 64, objectFit: 'cover' }} />
                    ) : null}
                    <span data-testid="chosen-video">{v.file_name}</span>
                  </Space>
                ),
              },
              ...(perVideo
                ? [
                    {
                      title: '文案',
                      width: '55%',
                      render: (_: unknown, v: Material) => (
                        <CopyFields
                          testId={`copy-${v.file_id}`}
                          value={copyOf(v.file_id)}
                          onChange={(next) => setCopies((all) => ({ ...all, [v.file_id]: next }))}
                        />
                      ),
                    },
                  ]
                : []),
              {
                title: '操作',
                width: 80,
                render: (_, v) => (
                  <Button size="small" type="link" onClick={() => setVideos(videos.filter((x) => x !== v))}>
                    移除
                  </Button>
                ),
              },
            ]}
          />
        </Space>
        <MaterialPickerDialog
          open={pickerOpen}
          fileType="video"
          limit={PUBLISH_BATCH_MAX_JOBS}
          onCancel={() => setPickerOpen(false)}
          onConfirm={(picked) => {
            setVideos([...videos, ...picked.filter((m) => !videoIds.has(m.file_id))]);
            setPickerOpen(false);
          }}
        />
      </Card>

      <Card size="small" title={`2. 选择账号（已选 ${accountIds.length} 个）`}>
        <AccountSelector value={accountIds} onChange={setAccountIds} platformIds={PUBLISHABLE_PLATFORM_IDS} />
      </Card>

      <Card size="small" title="3. 文案">
        <Space direction="vertical" style={{ width: '100%' }}>
          <Radio.Group
            value={perVideo}
            onChange={(e) => setPerVideo(e.target.value as boolean)}
            options={[
              { value: false, label: '所有视频同一文案' },
              { value: true, label: '每个视频单独文案' },
            ]}
            data-testid="copy-mode"
          />
          {perVideo ? (
            <Alert type="info" showIcon message="在上方视频列表中为每个视频填写文案" />
          ) : (
            <CopyFields testId="copy-batch" value={copy} onChange={setCopy} />
          )}
          <Space data-testid="batch-cover">
            <span>封面：</span>
            {cover ? (
              <>
                <img
                  src={cover.thumb_url || cover.file_url}
                  alt="封面"
                  style={{ width: 64, height: 64, objectFit: 'cover', borderRadius: 4 }}
                />
                <span data-testid="chosen-cover">{cover.file_name}</span>
                <Button size="small" type="link" onClick={() => setCover(null)}>
                  移除
                </Button>
              </>
            ) : (
              <Typography.Text type="secondary">不选则由平台截取视频画面</Typography.Text>
            )}
            <Button size="small" onClick={() => setCoverPickerOpen(true)} data-testid="pick-cover">
              从素材库选择封面
            </Button>
          </Space>
          <MaterialPickerDialog
            open={coverPickerOpen}
            fileType="image"
            limit={1}
            onCancel={() => setCoverPickerOpen(false)}
            onConfirm={(picked) => {
              setCover(picked[0] ?? null);
              setCoverPickerOpen(false);
            }}
          />
          <Space wrap>
            {PUBLISH_PLATFORMS.map((p) => (
              <Tag key={p}>
                {p === 'kuaishou'
                  ? `快手：无标题，描述≤${PUBLISH_RULES[p].descriptionMax}字`
                  : `${PLATFORM_LABEL[p]}：标题${PUBLISH_RULES[p].titleMin}–${PUBLISH_RULES[p].titleMax}字，话题≤${PUBLISH_RULES[p].topicMax}个`}
              </Tag>
            ))}
          </Space>
        </Space>
      </Card>

      <Card size="small" title="4. 发布时间">
        <Form layout="inline">
          <Form.Item>
            <Radio.Group
              value={mode}
              onChange={(e) => setMode(e.target.value as ScheduleMode)}
              options={[
                { value: 'now', label: '立即发布' },
                { value: 'at', label: '定时发布' },
                { value: 'spread', label: '间隔发布' },
              ]}
              data-testid="schedule-mode"
            />
          </Form.Item>
          {mode !== 'now' && (
            <Form.Item label={mode === 'at' ? '发布时间' : '开始时间'}>
              <DatePicker
                showTime
                value={at}
                onChange={setAt}
                placeholder={mode === 'at' ? '选择时间' : '不选则立即开始'}
              />
            </Form.Item>
          )}
          {mode === 'at' && (
            <Form.Item label="使用平台定时">
              <Switch checked={platformTimer} onChange={setPlatformTimer} />
            </Form.Item>
          )}
          {mode === 'spread' && (
            <Form.Item label="同一账号间隔（分钟）">
              <InputNumber min={0} max={7 * 24 * 60} value={spacingMin} onChange={(v) => setSpacingMin(v ?? 0)} />
            </Form.Item>
          )}
        </Form>
        <Alert
          style={{ marginTop: 12 }}
          type="info"
          showIcon
          message={`同一账号的多个视频依次发布，默认间隔${PUBLISH_ACCOUNT_SPACING_SEC / 60}分钟并加入随机抖动，避免被平台判定为异常`}
        />
      </Card>

      {refusal && (
        <Alert type="error" showIcon message="批量发布未创建" description={refusal} data-testid="batch-refusal" />
      )}
      <Space>
        <Button type="primary" loading={add.isPending} onClick={handleSubmit} data-testid="batch-submit">
          创建发布任务（{jobCount} 个）
        </Button>
      </Space>
    </Space>
  );
}
