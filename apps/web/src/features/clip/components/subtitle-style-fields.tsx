import type { CSSProperties } from 'react';
import { ColorPicker, Form, InputNumber, Select, Space, Switch } from 'antd';
import { clipFrameSize, DEFAULT_CLIP_ASPECT, type ClipAspect } from '@vidmatrix/contract/api/clip-format';
import type { SubtitleStyle, TitleStyle } from '@vidmatrix/contract/api/clip-task';
import { CLIP_OUTPUT_SIZE, CLIP_TEXT_Y_RANGE } from '@vidmatrix/contract/constants';
import { SUBTITLE_PRESETS } from '@vidmatrix/contract/rules/clip-styles';

/** A subtitle style without its font (the template's or the mode's font is kept). */
export type SubtitleLook = Omit<SubtitleStyle, 'font'>;
/** A title style as the swatch draws it. */
type TitleLook = Omit<TitleStyle, 'font' | 'text' | 'seconds'>;

/** The swatch frame's short side, px: the chosen aspect drawn at this size, as the renderer sizes text by the short side. */
const SWATCH_SHORT = 180;
const SAMPLE_LINE = '字幕样式预览';
const SAMPLE_TITLE = '视频标题';

/** Default height (% from the top) of subtitles placed by `position`, as the renderer places them. */
function yOf(look: SubtitleLook): number {
  return look.y ?? { top: 20, middle: 50, bottom: 75 }[look.position];
}

/** CSS of text drawn the way libass draws the style (size and stroke scaled from 1080 px). */
function textCss(look: SubtitleLook | TitleLook, y: number): CSSProperties {
  const scale = SWATCH_SHORT / CLIP_OUTPUT_SIZE.width;
  const stroke = Math.max(0.5, look.outline * scale);
  const alpha = Math.round(look.boxOpacity * 255)
    .toString(16)
    .padStart(2, '0');
  return {
    position: 'absolute',
    left: 0,
    right: 0,
    top: `${y}%`,
    transform: 'translateY(-50%)',
    textAlign: 'center',
    fontSize: Math.max(6, look.size * scale),
    fontWeight: look.bold ? 700 : 400,
    color: look.color,
    lineHeight: 1.2,
    ...(look.box
      ? { background: `${look.boxColor}${alpha}`, padding: '1px 4px', margin: '0 auto', width: 'fit-content' }
      : look.outline > 0
        ? { WebkitTextStroke: `${stroke}px ${look.outlineColor}`, paintOrder: 'stroke fill' }
        : {}),
  };
}

/** A still of a frame of the chosen aspect (else 9:16) with the subtitle (and title) styles drawn on it. */
export function StyleSwatch(props: { subtitle: SubtitleLook | null; title?: TitleLook | null; aspect?: ClipAspect }) {
  const frame = clipFrameSize(props.aspect ?? DEFAULT_CLIP_ASPECT, SWATCH_SHORT);
  return (
    <div
      data-testid="style-swatch"
      data-aspect={props.aspect ?? DEFAULT_CLIP_ASPECT}
      style={{
        position: 'relative',
        width: frame.width,
        height: frame.height,
        background: 'linear-gradient(135deg, #3a7bd5, #6b8e4e)',
        borderRadius: 6,
        overflow: 'hidden',
      }}
    >
      {props.title && <div style={textCss(props.title, props.title.y ?? 12)}>{SAMPLE_TITLE}</div>}
      {props.subtitle && <div style={textCss(props.subtitle, yOf(props.subtitle))}>{SAMPLE_LINE}</div>}
    </div>
  );
}

function Color(props: { label: string; value: string; onChange: (hex: string) => void }) {
  return (
    <Form.Item label={props.label}>
      <ColorPicker
        aria-label={props.label}
        disabledAlpha
        showText
        value={props.value}
        onChange={(c) => props.onChange(c.toHexString().slice(0, 7).toUpperCase())}
      />
    </Form.Item>
  );
}

/**
 * 字幕样式: a seeded style (综艺黄字黑边, 白字描边, 底部字幕条 …) or the template's, each part adjustable
 * (size, colour, stroke, box, height), drawn on a still beside the fields.
 */
export function SubtitleStyleFields(props: {
  value: SubtitleLook | null;
  onChange: (value: SubtitleLook | null) => void;
  /** What 模板样式 shows (the template's or the mode's plain style). */
  fallback: SubtitleLook | null;
  title?: TitleLook | null;
  /** The task's output aspect: the still takes its shape. */
  aspect?: ClipAspect;
}) {
  const { value, onChange } = props;
  const preset = value === null ? '' : (SUBTITLE_PRESETS.find((p) => sameLook(p.style, value))?.key ?? 'custom');
  const set = (patch: Partial<SubtitleLook>) => value && onChange({ ...value, ...patch });
  return (
    <Form.Item label="字幕样式">
      <Space align="start" size="large" wrap>
        <div style={{ maxWidth: 460 }}>
          <Select
            aria-label="字幕样式"
            showSearch
            optionFilterProp="label"
            style={{ width: 200 }}
            value={preset}
            onChange={(key: string) => {
              const chosen = SUBTITLE_PRESETS.find((p) => p.key === key);
              onChange(chosen ? { ...chosen.style } : null);
            }}
            options={[
              { value: '', label: '模板样式' },
              ...SUBTITLE_PRESETS.map((p) => ({ value: p.key, label: p.name })),
              ...(preset === 'custom' ? [{ value: 'custom', label: '自定义' }] : []),
            ]}
          />
          {value && (
            <Space wrap style={{ marginTop: 12 }}>
              <Form.Item label="字号">
                <InputNumber
                  aria-label="字号"
                  min={24}
                  max={160}
                  value={value.size}
                  onChange={(v) => set({ size: v ?? 64 })}
                />
              </Form.Item>
              <Color label="文字颜色" value={value.color} onChange={(color) => set({ color })} />
              <Form.Item label="描边宽度">
                <InputNumber
                  aria-label="描边宽度"
                  min={0}
                  max={12}
                  step={0.5}
                  value={value.outline}
                  onChange={(v) => set({ outline: v ?? 0 })}
                />
              </Form.Item>
              <Color label="描边颜色" value={value.outlineColor} onChange={(outlineColor) => set({ outlineColor })} />
              <Form.Item label="加粗">
                <Switch aria-label="加粗" checked={value.bold} onChange={(bold) => set({ bold })} />
              </Form.Item>
              <Form.Item label="背景框">
                <Switch aria-label="背景框" checked={value.box} onChange={(box) => set({ box })} />
              </Form.Item>
              {value.box && (
                <Color label="背景颜色" value={value.boxColor} onChange={(boxColor) => set({ boxColor })} />
              )}
              {value.box && (
                <Form.Item label="背景不透明度">
                  <InputNumber
                    aria-label="背景不透明度"
                    min={0}
                    max={100}
                    suffix="%"
                    value={Math.round(value.boxOpacity * 100)}
                    onChange={(v) => set({ boxOpacity: (v ?? 60) / 100 })}
                  />
                </Form.Item>
              )}
              <Form.Item label="位置（距顶部占画面高度）">
                <InputNumber
                  aria-label="字幕位置"
                  min={CLIP_TEXT_Y_RANGE.min}
                  max={CLIP_TEXT_Y_RANGE.max}
                  suffix="%"
                  value={yOf(value)}
                  onChange={(v) => set({ y: v ?? undefined })}
                />
              </Form.Item>
            </Space>
          )}
        </div>
        <StyleSwatch subtitle={value ?? props.fallback} title={props.title} aspect={props.aspect} />
      </Space>
    </Form.Item>
  );
}

/** Two looks are the same style (a preset stays named until a field moves off it). */
function sameLook(a: SubtitleLook, b: SubtitleLook): boolean {
  const keys = Object.keys({ ...a, ...b }) as (keyof SubtitleLook)[];
  return keys.every((k) => a[k] === b[k]);
}
