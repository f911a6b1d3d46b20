import type { ReactNode } from 'react';
import { Form, InputNumber } from 'antd';
import { CLIP_SEGMENT_SECONDS_RANGE } from '@vidmatrix/contract/constants';

/** A labelled number field of a clip form (the label doubles as the input's accessible name). */
export function NumberField(props: {
  label: string;
  min: number;
  max: number;
  value: number;
  onChange: (value: number) => void;
  /** A note under the field; with `warning`, drawn as one. */
  extra?: ReactNode;
  warning?: boolean;
  /** Fractional steps: the step, the decimals shown; absent: whole numbers. */
  step?: number;
  precision?: number;
  /** A unit after the number (倍, %). */
  suffix?: string;
  /** What a cleared field becomes; absent: `min`. */
  fallback?: number;
}) {
  return (
    <Form.Item
      label={props.label}
      // A warning reads in its colour (antd colours help, not extra).
      extra={props.warning ? undefined : props.extra}
      help={props.warning ? props.extra : undefined}
      validateStatus={props.warning ? 'warning' : undefined}
    >
      <InputNumber
        aria-label={props.label}
        min={props.min}
        max={props.max}
        step={props.step}
        precision={props.precision}
        suffix={props.suffix}
        value={props.value}
        onChange={(v) => props.onChange(v ?? props.fallback ?? props.min)}
      />
    </Form.Item>
  );
}

/** A segment length in whole seconds, within the range every mode's planner accepts. */
export function SecondsField(props: { label: string; value: number; onChange: (value: number) => void }) {
  return <NumberField {...props} min={CLIP_SEGMENT_SECONDS_RANGE.min} max={CLIP_SEGMENT_SECONDS_RANGE.max} />;
}
