import { useQuery } from '@tanstack/react-query';
import { Select, type SelectProps } from 'antd';
import { getSelectOptionsQueryOptions } from '../api/select-options/get-select-options.ts';

type Row = Record<string, unknown>;

/** Reads data.records or data as the option rows (SPEC §7 select control). */
export function optionRows(data: unknown): Row[] {
  const rows = (data as { records?: unknown } | null)?.records ?? data;
  return Array.isArray(rows) ? (rows as Row[]) : [];
}

/** A label of a string or number cell; anything else shows empty. */
function labelOf(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

/** The select control of SPEC §2.6: options POSTed from a caller-supplied path with size=999. */
export function RemoteSelect({
  path,
  labelKey,
  valueKey,
  ...props
}: Omit<SelectProps, 'options' | 'loading'> & { path: string; labelKey: string; valueKey: string }) {
  const options = useQuery({
    ...getSelectOptionsQueryOptions(path),
    select: (data) =>
      optionRows(data).map((row) => ({ label: labelOf(row[labelKey]), value: row[valueKey] as string | number })),
  });
  return <Select {...props} loading={options.isLoading} options={options.data ?? []} />;
}
