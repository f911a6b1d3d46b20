import styles from './page-loading.module.css';

/** A light spinner while a route chunk or its first data loads (no antd). */
export function PageLoading() {
  return (
    <div className={styles.wrap} role="status" aria-label="加载中">
      <div className={styles.spinner} />
    </div>
  );
}
