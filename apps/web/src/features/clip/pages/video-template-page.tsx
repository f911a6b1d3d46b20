import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  Button,
  Card,
  Col,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Row,
  Select,
  Space,
  Switch,
  Tag,
  Typography,
} from 'antd';
import { type ClipFilter, type ClipTemplate, type ClipTransition } from '@vidmatrix/contract/api/clip-task';
import type { ClipTemplateItem } from '@vidmatrix/contract/api/clip-template';
import { Msg } from '@vidmatrix/contract/messages';
import { clipRoute, toHref } from '@vidmatrix/contract/rules/clip-route';
import { SUBTITLE_PRESETS, TITLE_PRESETS } from '@vidmatrix/contract/rules/clip-styles';
import { TITLE_STYLE } from '@vidmatrix/contract/rules/clip-templates';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useDeleteClipTemplate, useSaveClipTemplate } from '../api/clip-template-mutations.ts';
import { useClipTemplates } from '../api/get-clip-templates.ts';
import { FontField } from '../components/font-field.tsx';
import { LookSelect, TransitionSelect } from '../components/look-options.tsx';
import { StyleSwatch } from '../components/subtitle-style-fields.tsx';
import { SEEDED_TEMPLATES } from '../templates.ts';

const POSITION_NAMES = { top: '顶部', middle: '居中', bottom: '底部' } as const;

/** /clip/VideoTemplate: pick a template (seeded or the member's own, each with its rendered preview). */
export function VideoTemplatePage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const mode = Number(params.get('mode') ?? 1);
  const id = params.get('id') ?? '0';
  const templates = useClipTemplates();
  const dele = useDeleteClipTemplate();
  const [editing, setEditing] = useState<ClipTemplateItem | null>(null);
  const pick = (key: string) => {
    const to = clipRoute(2, { id, mode });
    if (to) {
      void navigate(toHref({ path: to.path, query: { ...to.query, template: key } }));
    }
  };
  return (
    <Card title={Msg.clipChooseTemplate} loading={templates.isPending}>
      <Row gutter={[16, 16]}>
        {(templates.data ?? []).map((t) => (
          <Col key={t.key} xs={24} sm={12} lg={6}>
            <Card
              hoverable
              data-testid={`clip-template-${t.key}`}
              onClick={() => pick(t.key)}
              cover={
                t.preview_url ? (
                  <img
                    alt={`${t.name}预览`}
                    src={t.preview_url}
                    style={{ aspectRatio: '9 / 16', objectFit: 'cover' }}
                  />
                ) : undefined
              }
              actions={[
                <span
                  key="copy"
                  onClick={(e) => {
                    e.stopPropagation();
                    setEditing(t);
                  }}
                >
                  {t.own ? '复制修改' : '修改并保存为我的模板'}
                </span>,
                ...(t.own
                  ? [
                      <Popconfirm
                        key="dele"
                        title="确定删除该模板？"
                        onConfirm={(e) => {
                          e?.stopPropagation();
                          dele.mutate(t.id);
                        }}
                        onCancel={(e) => e?.stopPropagation()}
                      >
                        <span onClick={(e) => e.stopPropagation()}>删除</span>
                      </Popconfirm>,
                    ]
                  : []),
              ]}
            >
              <Card.Meta
                title={
                  <Space>
                    {t.name}
                    {t.own && <Tag color="blue">我的</Tag>}
                  </Space>
                }
                description={t.description}
              />
            </Card>
          </Col>
        ))}
      </Row>
      <TemplateDialog source={editing} onClose={() => setEditing(null)} />
    </Card>
  );
}

/** Changes a template's style and saves the result as the member's own template. */
function TemplateDialog(props: { source: ClipTemplateItem | null; onClose: () => void }) {
  const save = useSaveClipTemplate();
  const source = props.source;
  return (
    <Modal
      title="保存为我的模板"
      open={source !== null}
      onCancel={props.onClose}
      footer={null}
      destroyOnHidden
      width={560}
    >
      {source && (
        <TemplateForm
          source={source}
          saving={save.isPending}
          onSave={(name, description, template) =>
            save.mutate(
              { name, description, template },
              {
                onSuccess: () => {
                  notifySuccess(Msg.clipTemplateSaved);
                  props.onClose();
                },
              },
            )
          }
        />
      )}
    </Modal>
  );
}

function TemplateForm(props: {
  source: ClipTemplateItem;
  saving: boolean;
  onSave: (name: string, description: string, template: ClipTemplate) => void;
}) {
  const base = props.source.template;
  const fallback = (SEEDED_TEMPLATES[0] as (typeof SEEDED_TEMPLATES)[number]).template.subtitle;
  const [name, setName] = useState(props.source.own ? `${props.source.name} 副本` : `我的${props.source.name}`);
  const [description, setDescription] = useState(props.source.description);
  const [subtitle, setSubtitle] = useState(base.subtitle ?? fallback);
  const [showSubtitle, setShowSubtitle] = useState(base.subtitle !== null);
  // The style only: each task gives its own 视频标题.
  const [showTitle, setShowTitle] = useState(base.title !== null);
  const [title, setTitle] = useState(base.title ?? TITLE_STYLE);
  const [transitions, setTransitions] = useState<ClipTransition[]>(base.transition?.names ?? []);
  const [filter, setFilter] = useState<ClipFilter>(base.filter);
  const [fit, setFit] = useState(base.fit);
  const [volume, setVolume] = useState(Math.round(base.music.volume * 100));
  const [musicPolicy, setMusicPolicy] = useState(base.music.policy);
  if (!subtitle) {
    return null;
  }
  const handleSave = () => {
    if (!name.trim()) {
      notifyError(Msg.clipTemplateNameRequired);
      return;
    }
    props.onSave(name.trim(), description.trim(), {
      ...base,
      subtitle: showSubtitle ? subtitle : null,
      title: showTitle ? title : null,
      transition: transitions.length ? { names: transitions, duration: base.transition?.duration ?? 0.5 } : null,
      filter,
      fit,
      music: { ...base.music, policy: musicPolicy, volume: volume / 100 },
    });
  };
  return (
    <Form layout="vertical">
      <Form.Item label="模板名称" required>
        <Input aria-label="模板名称" value={name} maxLength={30} onChange={(e) => setName(e.target.value)} />
      </Form.Item>
      <Form.Item label="说明">
        <Input aria-label="说明" value={description} maxLength={100} onChange={(e) => setDescription(e.target.value)} />
      </Form.Item>
      <Space size="large">
        <Form.Item label="字幕">
          <Switch aria-label="显示字幕" checked={showSubtitle} onChange={setShowSubtitle} />
        </Form.Item>
        <Form.Item label="顶部标题（文字在创建任务时填写）">
          <Switch aria-label="显示标题" checked={showTitle} onChange={setShowTitle} />
        </Form.Item>
      </Space>
      <Space wrap align="start" size="large">
        {showSubtitle && (
          <PresetField
            label="套用字幕样式"
            presets={SUBTITLE_PRESETS}
            current={subtitle}
            onPick={(style) => setSubtitle({ ...style, font: subtitle.font })}
          />
        )}
        {showTitle && (
          <PresetField
            label="标题样式"
            presets={TITLE_PRESETS}
            current={title}
            onPick={(style) => setTitle({ ...title, ...style })}
          />
        )}
        <StyleSwatch subtitle={showSubtitle ? subtitle : null} title={showTitle ? title : null} />
      </Space>
      {showSubtitle && (
        <Space wrap align="start">
          <Form.Item label="字体">
            <FontField value={subtitle.font} onChange={(font) => setSubtitle({ ...subtitle, font })} />
          </Form.Item>
          <Form.Item label="字号">
            <InputNumber
              aria-label="字号"
              min={24}
              max={160}
              value={subtitle.size}
              onChange={(v) => setSubtitle({ ...subtitle, size: v ?? 64 })}
            />
          </Form.Item>
          <Form.Item label="颜色">
            <Input
              aria-label="字幕颜色"
              type="color"
              style={{ width: 64 }}
              value={subtitle.color}
              onChange={(e) => setSubtitle({ ...subtitle, color: e.target.value.toUpperCase() })}
            />
          </Form.Item>
          <Form.Item label="位置">
            <Select
              aria-label="字幕位置"
              style={{ width: 100 }}
              value={subtitle.position}
              onChange={(position) => setSubtitle({ ...subtitle, position })}
              options={(['top', 'middle', 'bottom'] as const).map((p) => ({ value: p, label: POSITION_NAMES[p] }))}
            />
          </Form.Item>
          <Form.Item label="底框">
            <Switch
              aria-label="字幕底框"
              checked={subtitle.box}
              onChange={(box) => setSubtitle({ ...subtitle, box })}
            />
          </Form.Item>
        </Space>
      )}
      <Form.Item label="转场（不选为硬切）">
        <TransitionSelect<ClipTransition[]>
          aria-label="转场"
          mode="multiple"
          value={transitions}
          onChange={setTransitions}
        />
      </Form.Item>
      <Space wrap>
        <Form.Item label="色调">
          <LookSelect aria-label="色调" style={{ width: 120 }} value={filter} onChange={setFilter} />
        </Form.Item>
        <Form.Item label="画面适配">
          <Select
            aria-label="画面适配"
            style={{ width: 140 }}
            value={fit}
            onChange={setFit}
            options={[
              { value: 'cover', label: '裁切铺满' },
              { value: 'blur', label: '模糊填充' },
            ]}
          />
        </Form.Item>
        <Form.Item label="背景音乐">
          <Select
            aria-label="背景音乐方式"
            style={{ width: 140 }}
            value={musicPolicy}
            onChange={setMusicPolicy}
            options={[
              { value: 'chosen', label: '选定一首' },
              { value: 'random', label: '多首随机' },
              { value: 'none', label: '不配音乐' },
            ]}
          />
        </Form.Item>
        <Form.Item label="音乐音量（%）">
          <InputNumber aria-label="音乐音量" min={0} max={100} value={volume} onChange={(v) => setVolume(v ?? 30)} />
        </Form.Item>
      </Space>
      <Typography.Paragraph type="secondary">保存后服务器会按新样式生成预览图。</Typography.Paragraph>
      <Button type="primary" loading={props.saving} onClick={handleSave}>
        保存模板
      </Button>
    </Form>
  );
}

/** Whether every field of a preset's style holds in `style` (the preset stays named until one moves). */
function sameStyle(preset: object, style: object): boolean {
  return Object.entries(preset).every(([k, v]) => (style as Record<string, unknown>)[k] === v);
}

/** A named style preset to apply (套用): shows the preset the current style still matches, if any. */
function PresetField<S extends object>(props: {
  label: string;
  presets: readonly { key: string; name: string; style: S }[];
  current: object;
  onPick: (style: S) => void;
}) {
  const { presets } = props;
  return (
    <Form.Item label={props.label}>
      <Select
        aria-label={props.label}
        showSearch
        optionFilterProp="label"
        style={{ width: 180 }}
        placeholder="选择预设样式"
        value={presets.find((p) => sameStyle(p.style, props.current))?.key}
        onChange={(key: string) => {
          const preset = presets.find((p) => p.key === key);
          if (preset) {
            props.onPick(preset.style);
          }
        }}
        options={presets.map((p) => ({ value: p.key, label: p.name }))}
      />
    </Form.Item>
  );
}
