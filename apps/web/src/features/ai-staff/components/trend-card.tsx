import report from './ai-report.module.css';
import styles from './daily-report.module.css';

/** What the last value did against the one before it: 较前一天 +3 / −2 / 持平. */
export function changeText(series: readonly number[], format: (n: number) => string): string {
  const last = series.at(-1) ?? 0;
  const before = series.at(-2) ?? 0;
  if (last === before) {
    return '较前一天持平';
  }
  return last > before ? `较前一天 +${format(last - before)}` : `较前一天 −${format(before - last)}`;
}

/** One figure of the day, how it moved since the day before, and a bar per day of the week. */
export function TrendCard({
  title,
  series,
  days,
  format = String,
  testId,
}: {
  title: string;
  series: readonly number[];
  days: readonly string[];
  format?: (n: number) => string;
  testId: string;
}) {
  const max = Math.max(1, ...series);
  const last = series.at(-1) ?? 0;
  return (
    <section className={report.figure} data-testid={testId}>
      <h3 className={report.figureTitle}>{title}</h3>
      <p className={report.figureValue}>{format(last)}</p>
      <p className={`${report.figureNote} ${styles.aboveBars}`}>{changeText(series, format)}</p>
      <ol className={styles.bars} aria-label={`${title}近${series.length}天`}>
        {series.map((value, i) => (
          <li
            key={days[i] ?? i}
            className={i === series.length - 1 ? styles.barToday : styles.bar}
            style={{ height: `${Math.max(4, (value / max) * 100)}%` }}
            title={`${days[i] ?? ''}：${format(value)}`}
            aria-label={`${days[i] ?? ''}：${format(value)}`}
          />
        ))}
      </ol>
    </section>
  );
}
