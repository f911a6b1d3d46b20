import { Link, type LinkProps } from 'react-router';
import styles from './text-link.module.css';

/**
 * An in-app link inside a page's text or table, coloured as a link: a bare router Link inherits the
 * text colour (global.css), so 管理素材 or a lead's customer read as plain words.
 */
export function TextLink({ className, ...props }: LinkProps) {
  return <Link {...props} className={className ? `${styles.link} ${className}` : styles.link} />;
}
