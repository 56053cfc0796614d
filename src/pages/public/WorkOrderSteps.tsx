import { useLocation } from '../phone/router';
import { useRemote } from '../phone/api';
import { when } from '../phone/format';
import { Bar, Loading, Note } from '../phone/parts';

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
          <span className="sr">第 {s.seq} 步：</span>
          {s.procedureType ?? '未指定工序'}
        </h3>
        <dl className="facts step-facts">
          {s.workPosition && (
            <>
              <dt>工位</dt>
              <dd>{s.workPosition}</dd>
            </>
          )}
          <dt>数量</dt>
          <dd>
            计划 {qty(s.planQty)} · 实际 {qty(s.actualQty)}
          </dd>
          {s.operator && (
            <>
              <dt>操作员</dt>
              <dd>{s.operator}</dd>
            </>
          )}
          <dt>状态</dt>
          <dd>{done ? `已完成 ${when(s.finishTime)}` : '未完成'}</dd>
        </dl>
        {s.photos.length > 0 && (
          <div className="gallery">
            {s.photos.map((src, i) => (
              <img key={src} src={src} alt={`第 ${s.seq} 步照片 ${i + 1}`} loading="lazy" />
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
      <Bar title="工序进度" />
      <main className="page">
        {!token && <Note kind="error">链接无效或已撤销</Note>}
        {order.error && <Note kind="error">{order.error}</Note>}
        {(!token || order.error) && <p className="hint">请向工作人员索取新的链接或二维码。</p>}
        {order.loading && !o && <Loading />}
        {o && (
          <>
            <section className="summary" aria-labelledby="order-title">
              <h2 id="order-title" className="detail-title">
                {o.productName ?? '生产工单'}
              </h2>
              <dl className="facts">
                <dt>工单编号</dt>
                <dd>{o.orderNo}</dd>
                <dt>计划数量</dt>
                <dd>{o.planQty}</dd>
                <dt>状态</dt>
                <dd>
                  <span className={`badge badge-wo-${o.status}`}>{o.statusText}</span>
                </dd>
              </dl>
            </section>
            <h2 className="section-title">工序步骤</h2>
            {o.steps.length === 0 ? (
              <Note>该工单暂无工序步骤</Note>
            ) : (
              <ol className="steps" aria-label="工序步骤">
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
