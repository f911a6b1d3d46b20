import type { CSSProperties, ReactNode } from 'react';
import { Select, type SelectProps } from 'antd';
import { LOOK_NAMES, TRANSITION_NAMES, type ClipFilter, type ClipTransition } from '@vidmatrix/contract/api/clip-looks';
import { clipFilter, clipTransition } from '@vidmatrix/contract/api/clip-task';
import { CLIP_LOOK_PREVIEW_SIZE, CLIP_TRANSITION_PREVIEW_FRAMES } from '@vidmatrix/contract/constants';
import { useLookPreviews } from '../api/get-look-previews.ts';
import styles from './look-options.module.css';

/** A preview beside its option, at this share of the server's frame (9:16 kept). */
const SCALE = 0.4;
const frame = {
  '--w': `${CLIP_LOOK_PREVIEW_SIZE.width * SCALE}px`,
  '--h': `${CLIP_LOOK_PREVIEW_SIZE.height * SCALE}px`,
  '--n': CLIP_TRANSITION_PREVIEW_FRAMES,
} as CSSProperties;
/** Rows tall enough for the previews: several options in view at once. */
const LIST_HEIGHT = 420;

type Picker<V> = Omit<SelectProps<V>, 'options' | 'optionRender' | 'children'>;

function Option(props: { testId: string; preview: ReactNode; label: ReactNode }) {
  return (
    <span className={styles.option} data-testid={props.testId}>
      {props.preview}
      <span>{props.label}</span>
    </span>
  );
}

/** 色调: each look with the server's still of a sample picture in that look. */
export function LookSelect(props: Picker<ClipFilter>) {
  const previews = useLookPreviews().data;
  return (
    <Select<ClipFilter>
      showSearch
      optionFilterProp="label"
      {...props}
      popupMatchSelectWidth={false}
      listHeight={LIST_HEIGHT}
      options={clipFilter.options.map((f) => ({ value: f, label: LOOK_NAMES[f] }))}
      optionRender={(option) => {
        const look = option.value as ClipFilter;
        const src = previews?.looks[look];
        return (
          <Option
            testId={`look-option-${look}`}
            label={option.label}
            preview={
              src ? (
                <img className={styles.thumb} style={frame} src={src} alt={`${LOOK_NAMES[look]}效果`} />
              ) : (
                <span className={styles.thumb} style={frame} />
              )
            }
          />
        );
      }}
    />
  );
}

/** 转场: each transition with the server's strip of it, played from picture A to picture B. */
export function TransitionSelect<V extends ClipTransition | ClipTransition[]>(props: Picker<V>) {
  const previews = useLookPreviews().data;
  return (
    <Select<V>
      showSearch
      optionFilterProp="label"
      {...props}
      popupMatchSelectWidth={false}
      listHeight={LIST_HEIGHT}
      options={clipTransition.options.map((t) => ({ value: t, label: TRANSITION_NAMES[t] }))}
      optionRender={(option) => {
        const transition = option.value as ClipTransition;
        const src = previews?.transitions[transition];
        return (
          <Option
            testId={`transition-option-${transition}`}
            label={option.label}
            preview={
              <span
                role={src ? 'img' : undefined}
                aria-label={src ? `${TRANSITION_NAMES[transition]}效果` : undefined}
                className={styles.strip}
                style={src ? { ...frame, backgroundImage: `url("${src}")` } : frame}
              />
            }
          />
        );
      }}
    />
  );
}
