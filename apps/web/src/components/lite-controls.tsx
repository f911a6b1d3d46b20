import type { InputHTMLAttributes, ReactNode } from 'react';
import type { StatusLabel } from '@vidmatrix/contract/rules/account-status';
import styles from './lite-controls.module.css';

// Account and material lists draw hundreds of these: plain elements styled with antd's CSS variables look like
// antd's Avatar, Tag and Checkbox at a fraction of their render cost (no hooks, no style registration).

/** A round avatar image; the first letter of `name` shows while it loads or when it fails. */
export function LiteAvatar({
  src,
  name,
  size = 32,
  square = false,
}: {
  src?: string;
  name?: string;
  size?: number;
  square?: boolean;
}) {
  return (
    <span
      className={square ? `${styles.avatar} ${styles.square}` : styles.avatar}
      style={{ width: size, height: size }}
      aria-hidden
    >
      {name?.slice(0, 1)}
      {src && (
        <img
          src={src}
          alt=""
          loading="lazy"
          decoding="async"
          onError={(event) => {
            event.currentTarget.style.visibility = 'hidden';
          }}
        />
      )}
    </span>
  );
}

/** A tag in one of antd's status colours (or the purple preset). */
export function LiteTag({
  color = 'default',
  children,
}: {
  color?: StatusLabel['color'] | 'purple';
  children: ReactNode;
}) {
  return (
    <span className={styles.tag} data-color={color}>
      {children}
    </span>
  );
}

/** A native checkbox drawn like antd's; `indeterminate` is set on the element (it has no attribute). */
export function LiteCheckbox({
  indeterminate = false,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className'> & { indeterminate?: boolean }) {
  return (
    <input
      {...input}
      type="checkbox"
      className={styles.check}
      ref={(node) => {
        if (node) {
          node.indeterminate = indeterminate;
        }
      }}
    />
  );
}
