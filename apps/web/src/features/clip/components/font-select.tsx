import { Select } from 'antd';
import { useFonts } from '../api/get-fonts.ts';
import { DEFAULT_FONT } from '../templates.ts';

/** A font the renderer has (getFront), for burned-in text. */
export function FontSelect(props: { value: string; onChange: (font: string) => void }) {
  const fonts = useFonts();
  return (
    <Select
      aria-label="字幕字体"
      value={props.value}
      onChange={props.onChange}
      style={{ width: 280 }}
      options={(fonts.data ?? [{ value: DEFAULT_FONT, path: '' }]).map((f) => ({ value: f.value, label: f.value }))}
    />
  );
}
