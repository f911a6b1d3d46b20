import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Button, Form, Input, Space, Typography } from 'antd';
import type { TextContext } from '@vidmatrix/contract/api/clip-task';
import type { Material } from '@vidmatrix/contract/api/material';
import { CLIP_MAX_SEGMENTS } from '@vidmatrix/contract/constants';
import { Msg } from '@vidmatrix/contract/messages';
import { notifyError } from '../../../lib/notify.ts';
import type { ClipTemplateChoice } from '../api/get-clip-templates.ts';
import { useWriteScript } from '../api/write-script.ts';
import { MaterialField } from '../components/material-field.tsx';
import { ProductFactsFields, type ProductFacts } from '../components/product-facts-fields.tsx';
import { linesOf } from '../components/task-actions.tsx';
import { ClipTemplateGate } from '../components/template-gate.tsx';
import { ClipTaskForm, type Requirement } from '../components/task-form.tsx';
import { templateForTask } from '../templates.ts';

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

/** The scripts a member kept (non-empty, at most one per video) with their titles, index for index. */
function written(scripts: readonly string[], titles: readonly string[], count: number) {
  const kept = scripts
    .map((text, i) => ({ lines: linesOf(text).slice(0, CLIP_MAX_SEGMENTS), title: (titles[i] ?? '').trim() }))
    .filter((s) => s.lines.length > 0)
    .slice(0, count);
  return { scripts: kept.map((s) => s.lines), titles: kept.map((s) => s.title) };
}

/**
 * /clip/AiClipVideo (AI剪辑): product facts → the language model writes N scripts (shown and editable);
 * each sentence is matched to the chosen materials by their tags and names, then rendered with the template.
 */
export function AiClipPage() {
  return <ClipTemplateGate mode={7}>{(template) => <AiClipForm template={template} />}</ClipTemplateGate>;
}

/** The form, once the template is known. */
function AiClipForm({ template }: { template: ClipTemplateChoice }) {
  const [params] = useSearchParams();
  const initial = initialContext(params.get('textContext'));
  const [facts, setFacts] = useState<ProductFacts>({
    industry: initial.industry,
    product: initial.product,
    points: initial.sellingPoints.join('\n'),
  });
  const [audience, setAudience] = useState(initial.audience);
  const [materials, setMaterials] = useState<Material[]>([]);
  const [scripts, setScripts] = useState<string[]>([]);
  // The writer's title of each script, shown and editable beside it (each video takes its script's title).
  const [titles, setTitles] = useState<string[]>([]);
  const write = useWriteScript();

  const hasProduct: Requirement = [facts.product.trim() !== '', Msg.clipProductRequired];
  const textContext: TextContext = {
    industry: facts.industry.trim(),
    product: facts.product.trim(),
    sellingPoints: linesOf(facts.points),
    audience: audience.trim(),
  };
  const handleWrite = (count: number) => {
    if (!hasProduct[0]) {
      notifyError(hasProduct[1]);
      return;
    }
    write.mutate(
      { textContext, count },
      {
        onSuccess: (drafts) => {
          setScripts(drafts.scripts.map((s) => s.lines.join('\n')));
          setTitles(drafts.scripts.map((s) => s.title));
        },
      },
    );
  };
  return (
    <ClipTaskForm
      mode={7}
      template={template}
      countLabel="生成数量（每条视频一篇文案）"
      required={[hasProduct, [materials.length > 0, Msg.chooseMaterial]]}
      build={(common, chosen) => ({
        clip_model: 7,
        ...common,
        template: templateForTask(template.template, common.musicIds, chosen),
        textContext,
        materialIds: materials.map((m) => m.file_id),
        // Empty: the server has the writer write them when the task is made.
        ...written(scripts, titles, common.count),
      })}
    >
      {({ count }) => (
        <>
          <ProductFactsFields value={facts} onChange={setFacts} />
          <Form.Item label="目标人群">
            <Input
              aria-label="目标人群"
              value={audience}
              maxLength={200}
              onChange={(e) => setAudience(e.target.value)}
            />
          </Form.Item>
          <Form.Item label="素材库素材" extra="文案的每一句按素材的标签和名称匹配画面；没有匹配的句子从全部素材中选取">
            <MaterialField value={materials} onChange={setMaterials} />
          </Form.Item>
          <Form.Item label="文案">
            <Space direction="vertical" style={{ width: '100%' }}>
              <Button onClick={() => handleWrite(count)} loading={write.isPending}>
                帮我写文案
              </Button>
              {scripts.length === 0 ? (
                <Alert
                  type="info"
                  showIcon
                  message="按下方的生成数量写文案，可先生成查看和修改；不生成时，开始剪辑会自动按数量写好文案"
                />
              ) : (
                scripts.map((text, index) => (
                  <div key={index} data-testid="ai-script">
                    <Typography.Text type="secondary">文案 {index + 1}（每行一句）</Typography.Text>
                    <Input
                      aria-label={`标题${index + 1}`}
                      placeholder="视频标题（留空用模板标题）"
                      value={titles[index] ?? ''}
                      maxLength={100}
                      onChange={(e) =>
                        setTitles(scripts.map((_, i) => (i === index ? e.target.value : (titles[i] ?? ''))))
                      }
                    />
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
        </>
      )}
    </ClipTaskForm>
  );
}
