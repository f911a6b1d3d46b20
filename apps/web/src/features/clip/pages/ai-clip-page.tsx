import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Button, Card, Form, Input, InputNumber, Space, Typography } from 'antd';
import type { ClipTaskInput, TextContext } from '@vidmatrix/contract/api/clip-task';
import type { Material } from '@vidmatrix/contract/api/material';
import type { Music } from '@vidmatrix/contract/api/music';
import { CLIP_MAX_SEGMENTS, CLIP_MAX_VIDEOS } from '@vidmatrix/contract/constants';
import { Msg } from '@vidmatrix/contract/messages';
import { notifyError } from '../../../lib/notify.ts';
import { useClipTemplate } from '../api/get-clip-templates.ts';
import { useWriteScripts } from '../api/write-scripts.ts';
import { MaterialField } from '../components/material-field.tsx';
import { MusicField } from '../components/music-field.tsx';
import { TaskActions, linesOf, newSeed } from '../components/task-actions.tsx';

/** The textContext a jump may carry (SPEC §2.1), as far as it fits the form. */
function initialContext(raw: string | null): TextContext {
  const empty = { industry: '', product: '', sellingPoints: [], audience: '' };
  if (!raw) {
    return empty;
  }
  try {
    const value = JSON.parse(raw) as Partial<TextContext>;
    return {
      industry: typeof value.industry === 'string' ? value.industry : '',
      product: typeof value.product === 'string' ? value.product : '',
      sellingPoints: Array.isArray(value.sellingPoints) ? value.sellingPoints.filter((s) => typeof s === 'string') : [],
      audience: typeof value.audience === 'string' ? value.audience : '',
    };
  } catch {
    return empty;
  }
}

/**
 * /clip/AiClipVideo (AI剪辑): product facts → the language model writes N scripts (shown and editable);
 * each sentence is matched to the chosen materials by their tags and names, then rendered with the template.
 */
export function AiClipPage() {
  const [params] = useSearchParams();
  const template = useClipTemplate(params.get('template'));
  const initial = initialContext(params.get('textContext'));
  const [name, setName] = useState('AI剪辑任务');
  const [industry, setIndustry] = useState(initial.industry);
  const [product, setProduct] = useState(initial.product);
  const [points, setPoints] = useState(initial.sellingPoints.join('\n'));
  const [audience, setAudience] = useState(initial.audience);
  const [materials, setMaterials] = useState<Material[]>([]);
  const [music, setMusic] = useState<Music | null>(null);
  const [count, setCount] = useState(2);
  const [scripts, setScripts] = useState<string[]>([]);
  const write = useWriteScripts();

  const context = (): TextContext | null => {
    if (!product.trim()) {
      notifyError(Msg.clipProductRequired);
      return null;
    }
    return {
      industry: industry.trim(),
      product: product.trim(),
      sellingPoints: linesOf(points),
      audience: audience.trim(),
    };
  };
  const handleWrite = () => {
    const textContext = context();
    if (textContext) {
      write.mutate(
        { textContext, count },
        { onSuccess: (drafts) => setScripts(drafts.scripts.map((s) => s.lines.join('\n'))) },
      );
    }
  };
  const build = (): ClipTaskInput | null => {
    const textContext = context();
    if (!textContext) {
      return null;
    }
    if (materials.length === 0) {
      notifyError(Msg.chooseMaterial);
      return null;
    }
    return {
      clip_model: 7,
      name: name.trim() || 'AI剪辑任务',
      count,
      seed: newSeed(),
      musicIds: music ? [music.music_id] : [],
      dedup: { mirror: false, crop: false, color: false, speed: false, frameRate: false, stripMetadata: true },
      template: { ...template.template, music: { ...template.template.music, policy: music ? 'chosen' : 'none' } },
      textContext,
      materialIds: materials.map((m) => m.file_id),
      // Empty: the server has the writer write them when the task is made.
      scripts: scripts
        .map((s) => linesOf(s).slice(0, CLIP_MAX_SEGMENTS))
        .filter((lines) => lines.length > 0)
        .slice(0, count),
    };
  };
  return (
    <Card title={`AI剪辑 · ${template.name}`}>
      <Form layout="vertical" style={{ maxWidth: 760 }}>
        <Form.Item label="任务名称">
          <Input aria-label="任务名称" value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
        </Form.Item>
        <Form.Item label="行业">
          <Input aria-label="行业" value={industry} maxLength={100} onChange={(e) => setIndustry(e.target.value)} />
        </Form.Item>
        <Form.Item label="产品" required>
          <Input aria-label="产品" value={product} maxLength={200} onChange={(e) => setProduct(e.target.value)} />
        </Form.Item>
        <Form.Item label="卖点（每行一条）">
          <Input.TextArea aria-label="卖点" rows={3} value={points} onChange={(e) => setPoints(e.target.value)} />
        </Form.Item>
        <Form.Item label="目标人群">
          <Input aria-label="目标人群" value={audience} maxLength={200} onChange={(e) => setAudience(e.target.value)} />
        </Form.Item>
        <Form.Item label="素材库素材" extra="文案的每一句按素材的标签和名称匹配画面；没有匹配的句子从全部素材中选取">
          <MaterialField value={materials} onChange={setMaterials} />
        </Form.Item>
        <Form.Item label="背景音乐">
          <MusicField value={music} onChange={setMusic} />
        </Form.Item>
        <Form.Item label="生成数量（每条视频一篇文案）">
          <InputNumber
            aria-label="生成数量"
            min={1}
            max={CLIP_MAX_VIDEOS}
            value={count}
            onChange={(v) => setCount(v ?? 1)}
          />
        </Form.Item>
        <Form.Item label="文案">
          <Space direction="vertical" style={{ width: '100%' }}>
            <Button onClick={handleWrite} loading={write.isPending}>
              帮我写文案
            </Button>
            {scripts.length === 0 ? (
              <Alert type="info" showIcon message="可先生成文案查看和修改；不生成时，开始剪辑会自动按数量写好文案" />
            ) : (
              scripts.map((text, index) => (
                <div key={index} data-testid="ai-script">
                  <Typography.Text type="secondary">文案 {index + 1}（每行一句）</Typography.Text>
                  <Input.TextArea
                    aria-label={`文案${index + 1}`}
                    rows={4}
                    value={text}
                    onChange={(e) => setScripts(scripts.map((s, i) => (i === index ? e.target.value : s)))}
                  />
                </div>
              ))
            )}
          </Space>
        </Form.Item>
        <TaskActions build={build} />
      </Form>
    </Card>
  );
}
