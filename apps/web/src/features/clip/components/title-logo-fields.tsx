import { Form, Input, InputNumber, Radio, Select, Space } from 'antd';
import { LOGO_CORNERS, logoCornerLabel, type ClipLogo, type LogoCorner } from '@vidmatrix/contract/api/clip-style';
import type { Material } from '@vidmatrix/contract/api/material';
import { CLIP_LOGO_SIZE_RANGE, CLIP_MAX_TITLES, CLIP_TITLE_MAX_CHARS } from '@vidmatrix/contract/constants';
import { TITLE_PRESETS } from '@vidmatrix/contract/rules/clip-styles';
import { MaterialField } from './material-field.tsx';

/** The form's titles: typed one per row, and the seeded title style chosen ('' keeps the template's). */
export interface TitlesChoice {
  text: string;
  style: string;
}
export const DEFAULT_TITLES: TitlesChoice = { text: '', style: '' };

/** The titles typed, one per row, trimmed (the server refuses more than CLIP_MAX_TITLES, saying so). */
export function titlesOf(choice: TitlesChoice): string[] {
  return choice.text
    .split('\n')
    .map((t) => t.trim())
    .filter((t) => t.length > 0);
}

/** 视频标题 (several, one per video in turn, as Alibaba ICE's TitleArray) and 标题样式. */
export function TitleFields(props: {
  value: TitlesChoice;
  onChange: (value: TitlesChoice) => void;
  templateTitled: boolean;
}) {
  const { value, onChange } = props;
  return (
    <Space size="large" wrap align="start">
      <Form.Item
        label="视频标题（每行一个，每条视频轮流使用一个）"
        extra={`最多${CLIP_MAX_TITLES}个，每个不超过${CLIP_TITLE_MAX_CHARS}个字；不填则不显示标题`}
      >
        <Input.TextArea
          aria-label="视频标题"
          rows={3}
          style={{ width: 360 }}
          value={value.text}
          onChange={(e) => onChange({ ...value, text: e.target.value })}
        />
      </Form.Item>
      <Form.Item label="标题样式">
        <Select
          aria-label="标题样式"
          showSearch
          optionFilterProp="label"
          style={{ width: 180 }}
          value={value.style}
          onChange={(style: string) => onChange({ ...value, style })}
          options={[
            { value: '', label: props.templateTitled ? '模板样式' : '默认（黄色大标题）' },
            ...TITLE_PRESETS.map((p) => ({ value: p.key, label: p.name })),
          ]}
        />
      </Form.Item>
    </Space>
  );
}

/** The form's logo: the picked image and where it sits. */
export interface LogoChoice {
  image: Material[];
  corner: LogoCorner;
  size: number;
  opacity: number;
}
export const DEFAULT_LOGO: LogoChoice = { image: [], corner: 'top-right', size: 15, opacity: 90 };

/** The request's logo, or null without an image. */
export function logoOf(choice: LogoChoice): ClipLogo | null {
  const [image] = choice.image;
  return image
    ? { materialId: image.file_id, corner: choice.corner, size: choice.size, opacity: choice.opacity / 100 }
    : null;
}

/** 台标/水印: an image of the member's library, its corner, width and opacity. */
export function LogoFields(props: { value: LogoChoice; onChange: (value: LogoChoice) => void }) {
  const { value, onChange } = props;
  return (
    <Form.Item label="台标/水印（可选）">
      <Space direction="vertical">
        <MaterialField
          label="选择台标图片"
          fileType="image"
          limit={1}
          value={value.image}
          onChange={(image) => onChange({ ...value, image })}
        />
        {value.image.length > 0 && (
          <Space wrap>
            <Radio.Group
              aria-label="台标位置"
              optionType="button"
              value={value.corner}
              onChange={(e) => onChange({ ...value, corner: e.target.value as LogoCorner })}
              options={LOGO_CORNERS.map((c) => ({ value: c, label: logoCornerLabel[c] }))}
            />
            <InputNumber
              aria-label="台标大小"
              style={{ width: 130 }}
              prefix="大小"
              suffix="%"
              min={CLIP_LOGO_SIZE_RANGE.min}
              max={CLIP_LOGO_SIZE_RANGE.max}
              value={value.size}
              onChange={(v) => onChange({ ...value, size: v ?? 15 })}
            />
            <InputNumber
              aria-label="台标不透明度"
              style={{ width: 150 }}
              prefix="不透明度"
              suffix="%"
              min={10}
              max={100}
              step={10}
              value={value.opacity}
              onChange={(v) => onChange({ ...value, opacity: v ?? 90 })}
            />
          </Space>
        )}
      </Space>
    </Form.Item>
  );
}
