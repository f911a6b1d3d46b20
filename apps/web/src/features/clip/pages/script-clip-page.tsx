import { useState } from 'react';
import { Button, Card, Form, Input, Space } from 'antd';
import type { Material } from '@vidmatrix/contract/api/material';
import { CLIP_LINE_MAX_CHARS, CLIP_MAX_GROUPS } from '@vidmatrix/contract/constants';
import { Msg } from '@vidmatrix/contract/messages';
import { setStepMedia } from '../api/clip-mutations.ts';
import type { ClipTemplateChoice } from '../api/get-clip-templates.ts';
import { MaterialField } from '../components/material-field.tsx';
import { ClipTemplateGate } from '../components/template-gate.tsx';
import { ClipTaskForm } from '../components/task-form.tsx';
import { WriteScriptButton } from '../components/write-script-button.tsx';
import { templateForTask } from '../templates.ts';

interface StepDraft {
  text: string;
  materials: Material[];
}

const emptyStep = (): StepDraft => ({ text: '', materials: [] });

/**
 * /clip/ScriptClip (脚本剪辑): an ordered shot list. Each step has its line and its own media; the
 * footage of a step lasts as long as its spoken line. After addTask each step's media is filed with
 * setOssMediaUrl (ap_id = the task, apt_id = the step, from 1).
 */
export function ScriptClipPage() {
  return <ClipTemplateGate mode={2}>{(template) => <ScriptClipForm template={template} />}</ClipTemplateGate>;
}

/** The form, once the template is known. */
function ScriptClipForm({ template }: { template: ClipTemplateChoice }) {
  const [steps, setSteps] = useState<StepDraft[]>([emptyStep(), emptyStep()]);
  const update = (index: number, patch: Partial<StepDraft>) =>
    setSteps(steps.map((s, i) => (i === index ? { ...s, ...patch } : s)));
  const move = (index: number, by: -1 | 1) => {
    const next = [...steps];
    const [step] = next.splice(index, 1);
    if (step) {
      next.splice(index + by, 0, step);
      setSteps(next);
    }
  };
  return (
    <ClipTaskForm
      mode={2}
      template={template}
      required={[
        [steps.every((s) => s.text.trim() !== ''), Msg.clipScriptRequired],
        [steps.every((s) => s.materials.length > 0), Msg.chooseMaterial],
      ]}
      build={(common, chosen) => ({
        clip_model: 2,
        ...common,
        template: templateForTask(template.template, common.musicIds, chosen),
        steps: steps.map((s) => ({ text: s.text.trim(), materialIds: s.materials.map((m) => m.file_id) })),
      })}
      onAdded={(taskId) =>
        Promise.all(
          steps.map((s, i) =>
            setStepMedia({ ap_id: taskId, apt_id: i + 1, media_url: s.materials[0]?.file_url ?? '', clip_model: 2 }),
          ),
        )
      }
    >
      <Form.Item label="分镜脚本">
        <Space direction="vertical" style={{ width: '100%' }}>
          <WriteScriptButton
            onWritten={(drafts) => {
              const lines = drafts.scripts[0]?.lines ?? [];
              setSteps(
                lines.slice(0, CLIP_MAX_GROUPS).map((text, i) => ({ text, materials: steps[i]?.materials ?? [] })),
              );
            }}
          />
          {steps.map((s, index) => (
            <Card
              key={index}
              size="small"
              data-testid="script-step"
              title={`第${index + 1}镜`}
              extra={
                <Space size={4}>
                  <Button size="small" disabled={index === 0} onClick={() => move(index, -1)}>
                    上移
                  </Button>
                  <Button size="small" disabled={index === steps.length - 1} onClick={() => move(index, 1)}>
                    下移
                  </Button>
                  {steps.length > 1 && (
                    <Button size="small" onClick={() => setSteps(steps.filter((_, i) => i !== index))}>
                      删除
                    </Button>
                  )}
                </Space>
              }
            >
              <Space direction="vertical" style={{ width: '100%' }}>
                <Input.TextArea
                  aria-label={`第${index + 1}镜文案`}
                  rows={2}
                  maxLength={CLIP_LINE_MAX_CHARS}
                  placeholder="这一镜的口播文案，画面时长跟随配音"
                  value={s.text}
                  onChange={(e) => update(index, { text: e.target.value })}
                />
                <MaterialField
                  label="选择本镜素材"
                  value={s.materials}
                  onChange={(materials) => update(index, { materials })}
                />
              </Space>
            </Card>
          ))}
          <Button disabled={steps.length >= CLIP_MAX_GROUPS} onClick={() => setSteps([...steps, emptyStep()])}>
            添加分镜
          </Button>
        </Space>
      </Form.Item>
    </ClipTaskForm>
  );
}
