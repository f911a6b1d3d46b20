import { useEffect, useState } from 'react';
import { Select } from 'antd';
import { fontDisplayName } from '@vidmatrix/contract/rules/font-names';
import { useFonts } from '../api/get-fonts.ts';
import { loadClipFont } from '../lib/clip-font.ts';
import { DEFAULT_FONT } from '../templates.ts';
import styles from './font-field.module.css';

/** What the preview line says. */
const SAMPLE = '字幕预览：AI获客矩阵 一键成片';

/** A font the renderer has (getFront), for subtitles and titles, with a subtitle line drawn in it. */
export function FontField(props: { value: string; onChange: (font: string) => void }) {
  const fonts = useFonts();
  // The family the preview has loaded; until then it shows the system font.
  const [loaded, setLoaded] = useState<string>();
  const chosen = fonts.data?.find((f) => f.value === props.value);

  useEffect(() => {
    if (!chosen) {
      return;
    }
    let current = true;
    void loadClipFont(chosen).then((ok) => {
      if (current && ok) {
        setLoaded(chosen.value);
      }
    });
    return () => {
      current = false;
    };
  }, [chosen]);

  const ready = loaded === props.value;
  return (
    <div className={styles.field}>
      <Select
        aria-label="字幕字体"
        value={props.value}
        onChange={props.onChange}
        style={{ width: 280 }}
        options={(fonts.data ?? [{ value: DEFAULT_FONT, path: '' }]).map((f) => ({
          value: f.value,
          label: fontDisplayName(f.value),
        }))}
      />
      <div
        className={styles.preview}
        style={ready ? { fontFamily: `"${props.value}", sans-serif` } : undefined}
        data-testid="font-preview"
        data-font={ready ? props.value : ''}
      >
        {SAMPLE}
      </div>
    </div>
  );
}
