import { useLocation } from '../phone/router';
import { useRemote } from '../phone/api';
import { when } from '../phone/format';
import { Bar, Loading, Note } from '../phone/parts';
import { t } from '../phone/i18n/i18n';

interface Step {
  seq: number;
  procedureType: string | null;
  workPosition: string | null;
  planQty: number | null;
  actualQty: number | null;
  operator: string | null;
  finishTime: string | null;
  photos: string[];
}

interface SharedOrder {
  orderNo: string;
  productName: string | null;
  planQty: number;
  /** work_order_status: 1 未开始, 2 生产中, 3 已完成 */
  status: string;
  statusText: string;
  steps: Step[];
}

const qty = (n: number | null) => (n === null || n === undefined ? '—' : String(n));

function StepItem({ s }: { s: Step }) {
  const done = Boolean(s.finishTime);
  return (
    <li className={done ? 'step step-done' : 'step'}>
      <span className="step-seq" aria-hidden="true">
        {s.seq}
      </span>
      <div className="step-body">
        <h3 className="step-title">
          <span className="sr">{t('public.stepOf', { seq: s.seq })}</span>
          {s.procedureType ?? t('public.noProcedure')}
        </h3>
        <dl className="facts step-facts">
          {s.workPosition && (
            <>
              <dt>{t('public.station')}</dt>
              <dd>{s.workPosition}</dd>
            </>
          )}
          <dt>{t('public.quantity')}</dt>
          <dd>{t('public.planActual', { plan: qty(s.planQty), actual: qty(s.actualQty) })}</dd>
          {s.operator && (
            <>
              <dt>{t('public.operator')}</dt>
              <dd>{s.operator}</dd>
            </>
          )}
          <dt>{t('public.status')}</dt>
          <dd>{done ? t('public.doneAt', { time: when(s.finishTime) }) : t('public.notDone')}</dd>
        </dl>
        {s.photos.length > 0 && (
          <div className="gallery">
            {s.photos.map((src, i) => (
              <img key={src} src={src} alt={t('public.photoAlt', { seq: s.seq, n: i + 1 })} loading="lazy" />
            ))}
          </div>
        )}
      </div>
    </li>
  );
}

/**
 * /workOrderListProcedureStepInfo?token=…: one work order's procedure steps, read-only, for whoever
 * holds a share link (a QR code at the workshop, a link sent to a customer). No session, no menu;
 * a revoked or wrong link gets the server's one answer (链接无效或已撤销).
 */
export default function WorkOrderSteps() {
  const token = useLocation().query.get('token') ?? '';
  const order = useRemote<SharedOrder>(
    token ? `/public/workOrder/steps?token=${encodeURIComponent(token)}` : null,
  );
  const o = order.data;
  return (
    <>
      <Bar title={t('public.progress')} />
      <main className="page">
        {!token && <Note kind="error">{t('public.invalidLink')}</Note>}
        {order.error && <Note kind="error">{order.error}</Note>}
        {(!token || order.error) && <p className="hint">{t('public.askForLink')}</p>}
        {order.loading && !o && <Loading />}
        {o && (
          <>
            <section className="summary" aria-labelledby="order-title">
              <h2 id="order-title" className="detail-title">
                {o.productName ?? t('public.order')}
              </h2>
              <dl className="facts">
                <dt>{t('public.orderNo')}</dt>
                <dd>{o.orderNo}</dd>
                <dt>{t('public.planQty')}</dt>
                <dd>{o.planQty}</dd>
                <dt>{t('public.status')}</dt>
                <dd>
                  <span className={`badge badge-wo-${o.status}`}>{o.statusText}</span>
                </dd>
              </dl>
            </section>
            <h2 className="section-title">{t('public.steps')}</h2>
            {o.steps.length === 0 ? (
              <Note>{t('public.noSteps')}</Note>
            ) : (
              <ol className="steps" aria-label={t('public.steps')}>
                {o.steps.map((s, i) => (
                  <StepItem key={`${s.seq}-${i}`} s={s} />
                ))}
              </ol>
            )}
          </>
        )}
      </main>
    </>
  );
}
