import type { DataScreenOverview } from '@vidmatrix/contract/api/data-screen';
import { formatBytes } from '@vidmatrix/contract/rules/format';
import type { EChartsCoreOption } from './echarts.ts';

const TEXT = '#c9d4f5';
const AXIS = {
  axisLine: { lineStyle: { color: '#3a4a7a' } },
  axisLabel: { color: TEXT },
  splitLine: { lineStyle: { color: '#1e2a50' } },
};
const LEGEND = { textStyle: { color: TEXT }, top: 0 };
const GRID = { left: 40, right: 16, top: 36, bottom: 28 };
const short = (day: string) => day.slice(5);

/** Accounts per platform, stacked by authorization status. */
export function accountsOption(data: DataScreenOverview): EChartsCoreOption {
  const names = data.accounts.map((a) => a.platform_name);
  const series = (name: string, key: 'authorized' | 'expired' | 'unauthorized', color: string) => ({
    name,
    type: 'bar',
    stack: 'auth',
    barMaxWidth: 28,
    itemStyle: { color },
    data: data.accounts.map((a) => a[key]),
  });
  return {
    tooltip: { trigger: 'axis' },
    legend: LEGEND,
    grid: GRID,
    xAxis: { type: 'category', data: names, ...AXIS },
    yAxis: { type: 'value', minInterval: 1, ...AXIS },
    series: [
      series('已授权', 'authorized', '#36d399'),
      series('授权过期', 'expired', '#f87272'),
      series('未授权', 'unauthorized', '#64748b'),
    ],
  };
}

/** Authorization health of every account. */
export function healthOption(data: DataScreenOverview): EChartsCoreOption {
  const total = (key: 'authorized' | 'expired' | 'unauthorized') => data.accounts.reduce((n, a) => n + a[key], 0);
  return {
    tooltip: { trigger: 'item' },
    legend: { ...LEGEND, bottom: 0, top: 'auto' },
    series: [
      {
        type: 'pie',
        // Nothing yet: an empty ring, not three equal slices of zero.
        stillShowZeroSum: false,
        radius: ['45%', '70%'],
        center: ['50%', '45%'],
        label: { color: TEXT, formatter: '{b}\n{c}' },
        data: [
          { name: '已授权', value: total('authorized'), itemStyle: { color: '#36d399' } },
          { name: '授权过期', value: total('expired'), itemStyle: { color: '#f87272' } },
          { name: '未授权', value: total('unauthorized'), itemStyle: { color: '#64748b' } },
        ],
      },
    ],
  };
}

/** Materials per kind, and the cloud space gauge. */
export function materialsOption(data: DataScreenOverview): EChartsCoreOption {
  const { materials } = data;
  const used = materials.space_limit > 0 ? Math.min(100, (materials.space_used / materials.space_limit) * 100) : 0;
  return {
    tooltip: { trigger: 'item' },
    series: [
      {
        type: 'pie',
        stillShowZeroSum: false,
        radius: ['30%', '55%'],
        center: ['28%', '55%'],
        label: { color: TEXT, formatter: '{b} {c}' },
        data: [
          { name: '视频', value: materials.video, itemStyle: { color: '#a78bfa' } },
          { name: '图片', value: materials.image, itemStyle: { color: '#38bdf8' } },
          { name: '音频', value: materials.audio, itemStyle: { color: '#fbbf24' } },
        ],
      },
      {
        type: 'gauge',
        center: ['74%', '58%'],
        radius: '70%',
        min: 0,
        max: 100,
        progress: { show: true, width: 10, itemStyle: { color: used >= 90 ? '#f87272' : '#a78bfa' } },
        axisLine: { lineStyle: { width: 10, color: [[1, '#1e2a50']] } },
        axisTick: { show: false },
        splitLine: { show: false },
        axisLabel: { show: false },
        pointer: { show: false },
        title: { color: TEXT, offsetCenter: [0, '70%'], fontSize: 12 },
        detail: {
          color: '#fff',
          fontSize: 18,
          offsetCenter: [0, '5%'],
          formatter: () => `${used.toFixed(1)}%`,
        },
        data: [{ value: used, name: `${formatBytes(materials.space_used)} / ${formatBytes(materials.space_limit)}` }],
      },
    ],
  };
}

/** Leads and messages per day. */
export function leadsOption(data: DataScreenOverview): EChartsCoreOption {
  const line = (name: string, values: number[], color: string) => ({
    name,
    type: 'line',
    smooth: true,
    symbolSize: 6,
    itemStyle: { color },
    areaStyle: { opacity: 0.12 },
    data: values,
  });
  return {
    tooltip: { trigger: 'axis' },
    legend: LEGEND,
    grid: GRID,
    xAxis: { type: 'category', data: data.days.map(short), boundaryGap: false, ...AXIS },
    yAxis: { type: 'value', minInterval: 1, ...AXIS },
    series: [
      line('线索', data.leads, '#fbbf24'),
      line('收到消息', data.messages_in, '#38bdf8'),
      line('回复消息', data.messages_out, '#a78bfa'),
    ],
  };
}

/** Publishes per day: made and failed. */
export function publishesOption(data: DataScreenOverview): EChartsCoreOption {
  return {
    tooltip: { trigger: 'axis' },
    legend: LEGEND,
    grid: GRID,
    xAxis: { type: 'category', data: data.days.map(short), ...AXIS },
    yAxis: { type: 'value', minInterval: 1, ...AXIS },
    series: [
      {
        name: '发布成功',
        type: 'bar',
        stack: 'p',
        barMaxWidth: 18,
        itemStyle: { color: '#36d399' },
        data: data.published,
      },
      {
        name: '发布失败',
        type: 'bar',
        stack: 'p',
        barMaxWidth: 18,
        itemStyle: { color: '#f87272' },
        data: data.failed,
      },
    ],
  };
}
