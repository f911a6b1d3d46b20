import { Form, Radio } from 'antd';
import {
  CLIP_ASPECTS,
  CLIP_RESOLUTIONS,
  clipAspectLabel,
  clipResolutionLabel,
  DEFAULT_CLIP_ASPECT,
  type ClipAspect,
  type ClipResolution,
} from '@vidmatrix/contract/api/clip-format';

/** A task's output format as the form holds it (sent as the input's `aspect` and `resolution`). */
export interface ClipFormatChoice {
  aspect: ClipAspect;
  resolution: ClipResolution;
}

/** What the form starts with: portrait 1080P, the frame every task had before the choice existed. */
export const DEFAULT_CLIP_FORMAT: ClipFormatChoice = { aspect: DEFAULT_CLIP_ASPECT, resolution: 1080 };

/** 画面比例 and 清晰度 of every mode page. */
export function FormatFields(props: { value: ClipFormatChoice; onChange: (value: ClipFormatChoice) => void }) {
  const { value, onChange } = props;
  return (
    <>
      <Form.Item label="画面比例" extra="素材比例不同时按模板的适配方式裁切或模糊填充">
        <Radio.Group
          aria-label="画面比例"
          optionType="button"
          options={CLIP_ASPECTS.map((a) => ({ value: a, label: clipAspectLabel[a] }))}
          value={value.aspect}
          onChange={(e) => onChange({ ...value, aspect: e.target.value as ClipAspect })}
        />
      </Form.Item>
      <Form.Item label="清晰度">
        <Radio.Group
          aria-label="清晰度"
          optionType="button"
          options={CLIP_RESOLUTIONS.map((r) => ({ value: r, label: clipResolutionLabel[r] }))}
          value={value.resolution}
          onChange={(e) => onChange({ ...value, resolution: e.target.value as ClipResolution })}
        />
      </Form.Item>
    </>
  );
}
