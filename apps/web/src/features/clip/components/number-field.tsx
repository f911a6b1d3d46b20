import { Form, InputNumber } from 'antd';

/** A labelled whole-number field of a mode form (the label doubles as the input's accessible name). */
export function NumberField(props: {
  label: string;
  min: number;
  max: number;
  value: number;
  onChange: (value: number) => void;
}) {
  return (
    <Form.Item label={props.label}>
      <InputNumber
        aria-label={props.label}
        min={props.min}
        max={props.max}
        value={props.value}
        onChange={(v) => props.onChange(v ?? props.min)}
      />
    </Form.Item>
  );
}
