import { useEffect, useMemo, useState } from 'react';
import { Empty, Result, Skeleton } from 'antd';
import * as echarts from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import EChartsCore from 'echarts-for-react/esm/core';
import { chartOption, type ChartData } from './chart-option';
import { reportRecords } from '../server/reports';
import { t } from './messages';

// only what the report charts draw; SVG so the labels are text (readable, printable, testable)
echarts.use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

type State =
  { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; data: ChartData };

/** The chart of one report (its document's `chart`) over the rows the user may read. */
export default function ReportChart({ code, height = 300 }: { code: string; height?: number }) {
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    reportRecords(code)
      .chartData<ChartData>()
      .then(
        (res) =>
          live &&
          setState(
            res.success
              ? { status: 'ready', data: res.result }
              : { status: 'failed', message: res.message || t('chartFailed') },
          ),
        (e: unknown) =>
          live && setState({ status: 'failed', message: e instanceof Error ? e.message : t('chartFailed') }),
      );
    return () => {
      live = false;
    };
  }, [code]);
  const option = useMemo(() => (state.status === 'ready' ? chartOption(state.data) : null), [state]);

  if (state.status === 'loading') return <Skeleton active paragraph={{ rows: 5 }} />;
  if (state.status === 'failed') return <Result status="warning" subTitle={state.message} />;
  if (!state.data.records.length)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />;
  return (
    <EChartsCore
      echarts={echarts}
      option={option!}
      notMerge
      opts={{ renderer: 'svg' }}
      style={{ height, width: '100%' }}
    />
  );
}
