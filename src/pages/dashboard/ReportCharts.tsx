import { Link } from 'react-router-dom';
import { Card, Col, Row } from 'antd';
import ReportChart from '../../../renderers/report/ReportChart';
import { t } from '../../app/i18n/i18n';
import type { ChartSummary } from './summary';

/**
 * The home page's report charts, one card per report the user may read. Loaded with import() only
 * when there is a chart to show: echarts stays out of the first screen's scripts.
 */
export default function ReportCharts({ charts }: { charts: ChartSummary[] }) {
  return (
    <Row gutter={[16, 16]}>
      {charts.map((c) => (
        // two side by side on a wide screen; a single chart takes the column's width
        <Col key={c.code} xs={24} xl={charts.length > 1 ? 12 : 24}>
          <Card
            title={c.title}
            extra={<Link to={`/online/cgreport/${c.code}`}>{t('dashboard.viewReport')}</Link>}
            data-testid={`chart-${c.code}`}
          >
            <ReportChart code={c.code} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
