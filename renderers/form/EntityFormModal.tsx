import {
  lazy,
  Suspense,
  useEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import Form from '@rjsf/antd';
import type { IChangeEvent } from '@rjsf/core';
import type { ErrorSchema } from '@rjsf/utils';
import { formValidator } from './validator';
import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Spin } from 'antd';
import { apiBase } from '../../src/core/document/model';
import type { EntityDocument } from '../../src/core/document/types';
import type { Envelope } from '../../src/core/wire';
import type { FieldError } from '../../src/core/validation/validate';
import { reportThrown } from '../common/failure';
import { useOptions } from '../common/use-options';
import { filledData, toFormData, toPayload } from './form-data';
import { formFields, toJsonSchema, toUiSchema, type FormMode } from './schema';
import { documentChecks } from './field-checks';
import { GuardedFieldTemplate } from './FieldBoundary';
import { useFieldChecks, type FieldChecks } from './use-field-checks';
import { customValidate, leftFieldErrors, serverErrors, transformErrors } from './validation';
import styles from './EntityForm.module.css';
import { formWidgets } from './widgets';
import { useFormParts } from '../fields/parts';
import { providers } from '../providers';
import { mergeRemote, type Collision } from './merge-remote';
import { recordsOf } from '../server/records';
import { t } from './messages';

const RemoteChanges = lazy(() => import('./RemoteChanges'));

type Data = Record<string, unknown>;

/** the details modal is 详细信息, 1200 wide; add and edit are 800 */
const WIDTHS: Record<FormMode, number> = { add: 800, edit: 800, detail: 1200 };

/** every field inside its own error boundary */
const TEMPLATES = { FieldTemplate: GuardedFieldTemplate };

/** label left, control right, as in the Jeecg modal forms */
const LAYOUT = { labelCol: { span: 5 }, wrapperCol: { span: 16 } };

/** a failing field of a sub-table row, as addWithDetails/editWithDetails answer it */
export interface DetailError extends FieldError {
  table: string;
  row: number;
}

/** sub-tables saved with the record (a tab list's form): see renderers/grid/TabFormModal.tsx */
export interface FormDetails {
  /** the master's form placed among the sub-tables (its first tab) */
  wrap: (form: ReactNode) => ReactNode;
  /** checks every sub-table: their rows and removed ids by child code, or null when a cell fails */
  collect: () => Record<string, { rows: Data[]; deleted: string[] }> | null;
  /**
   * a refused save's failing sub-table rows, onto their cells; the warning to show instead of the
   * server's (which numbers the rows as they were sent, not as the grid shows them)
   */
  showErrors: (errors: DetailError[]) => string | undefined;
  /** a master field failed: its fields come into view */
  showMaster: () => void;
}

/** a declared action's form (src/core/actions/form.ts): its values go to the action's route */
export interface ActionFormSettings {
  title: string;
  okText: string;
  send: (values: Data) => Promise<Envelope<unknown>>;
  /** the dialog stays open, shows each answer and starts again empty (a check-in desk) */
  keepOpen?: boolean;
}

export interface EntityFormModalProps {
  doc: EntityDocument;
  mode: FormMode;
  record?: Data & { id?: string };
  /** the record as the list holds it now: another session's save reaches an open edit form */
  latest?: Data & { id?: string };
  open: boolean;
  onClose: () => void;
  /** after a successful add or edit, with what was sent: the list reloads */
  onSaved: (saved: Data) => void;
  /** more server checks of fields' values while the user types (unique fields and check rules have theirs) */
  checks?: FieldChecks;
  /** sub-tables saved in the same call (addWithDetails / editWithDetails) */
  details?: FormDetails;
  /** an action's form in place of add / edit */
  action?: ActionFormSettings;
  /** the modal's title, where the screen names it (新增菜单, 添加下级); default 新增 / 编辑 / 详细信息 */
  title?: string;
}

/** server errors stay under their field until that field changes */
function dropChanged(errors: ErrorSchema<Data> | undefined, before: Data, after: Data) {
  if (!errors) return errors;
  const kept = Object.fromEntries(Object.entries(errors).filter(([k]) => before[k] === after[k]));
  return Object.keys(kept).length ? (kept as ErrorSchema<Data>) : undefined;
}

/** The add / edit / detail modal of a document ("List page"): rjsf over the derived schema. */
export default function EntityFormModal({
  doc,
  mode,
  record,
  latest,
  open,
  onClose,
  onSaved,
  checks,
  details,
  action,
  title,
}: EntityFormModalProps) {
  const fields = useMemo(() => formFields(doc), [doc]);
  const options = useOptions(fields);
  // the fields' editors (a detail's displays) load with the options: the form draws once, every field as it stays
  const detail = mode === 'detail';
  const editorsLoaded = useFormParts(fields, detail);
  const widgets = useMemo(
    () => (editorsLoaded ? formWidgets(fields, detail) : null),
    [fields, detail, editorsLoaded],
  );
  const validate = useMemo(() => customValidate(doc), [doc]);
  const transform = useMemo(() => transformErrors(doc), [doc]);

  const [formData, setFormData] = useState<Data>(() => toFormData(doc, record));
  // fields with `when` rules are shown, disabled and required by the values being typed
  const conditional = fields.some((f) => f.when);
  const shownBy = conditional ? formData : undefined;
  const schema = useMemo(
    () => options && toJsonSchema(doc, mode, options, shownBy),
    [doc, mode, options, shownBy],
  );
  const uiSchema = useMemo(
    () => options && toUiSchema(doc, mode, options, shownBy),
    [doc, mode, options, shownBy],
  );
  const [extraErrors, setExtraErrors] = useState<ErrorSchema<Data>>();
  // like the Jeecg forms: quiet until the first submit, then re-checked on every change
  const [tried, setTried] = useState(false);
  // before that, the fields the user has left show their rules' messages (validation.ts leftFieldErrors)
  const [left, setLeft] = useState<ReadonlySet<string>>(() => new Set());
  const idPrefix = `form_${doc.code}`;
  const onBlur = (id: string) => {
    const key = id.startsWith(`${idPrefix}_`) ? id.slice(idPrefix.length + 1) : id;
    if (!left.has(key) && fields.some((f) => f.key === key)) setLeft(new Set(left).add(key));
  };
  const leftErrors = useMemo(
    () => (tried || mode === 'detail' ? undefined : leftFieldErrors(doc, left, formData)),
    [tried, mode, doc, left, formData],
  );
  const [saving, setSaving] = useState(false);
  // a desk's last answer (action.keepOpen)
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);
  // modals can toggle fullscreen (long documents read better at full width)
  const [fullscreen, setFullscreen] = useState(false);
  const formRef = useRef<{ submit: () => void }>(null);
  /**
   * Enter in a text box submits, as 确定 does (a select, picker, number or text area keeps its Enter).
   * Only a box of this form: a picker's dialog is a portal whose keys reach here through React.
   */
  const submitOnEnter = (e: KeyboardEvent<HTMLElement>) => {
    const box = e.target as HTMLElement;
    if (e.key !== 'Enter' || e.nativeEvent.isComposing || mode === 'detail') return;
    if (!(box instanceof HTMLInputElement && box.classList.contains('ant-input'))) return;
    if (!e.currentTarget.contains(box)) return;
    e.preventDefault();
    formRef.current?.submit();
  };
  const allChecks = useMemo(() => ({ ...documentChecks(doc), ...checks }), [doc, checks]);
  const fieldChecks = useFieldChecks(mode === 'detail' ? undefined : allChecks, record?.id);

  // the version the form's values build on: another session's save, once taken in, becomes it
  const [base, setBase] = useState(record);
  const [remote, setRemote] = useState<{ savedAt: string; collisions: Collision[] } | null>(null);
  const latestTime = latest?.updateTime;
  useEffect(() => {
    if (mode !== 'edit' || !latest || !base || latestTime === base.updateTime) return;
    const keys = fields.filter((f) => !f.readonly).map((f) => f.key);
    const { merged, collisions } = mergeRemote(
      keys,
      toFormData(doc, base),
      formData,
      toFormData(doc, latest),
    );
    setBase(latest);
    change(merged);
    // collisions still open from an earlier save stay, with the newer value
    setRemote((r) => ({
      savedAt: String(latestTime ?? ''),
      collisions: [
        ...(r?.collisions ?? []).filter((c) => !collisions.some((n) => n.key === c.key)),
        ...collisions,
      ],
    }));
    // only a new version of the record starts this
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [latestTime]);
  const settle = (c: Collision, take: boolean) => {
    if (take) change({ ...formData, [c.key]: c.theirs });
    setRemote((r) => r && { ...r, collisions: r.collisions.filter((x) => x.key !== c.key) });
  };
  const titles = useMemo(() => Object.fromEntries(fields.map((f) => [f.key, f.title])), [fields]);

  const change = (next: Data) => {
    setExtraErrors((errs) => dropChanged(errs, formData, next));
    fieldChecks.changed(formData, next);
    setFormData(next);
  };
  const onChange = (e: IChangeEvent<Data>) => change(e.formData ?? {});
  /** a popup field fills several fields at once (its destFields) */
  const fill = (values: Data) => change({ ...formData, ...filledData(doc, values) });

  const save = async ({ formData: data }: IChangeEvent<Data>) => {
    const api = apiBase(doc);
    if (remote?.collisions.length) {
      providers().notices.warning(t('settleFirst'));
      return;
    }
    const body = toPayload(doc, mode, data ?? {}, base);
    const rows = details?.collect();
    if (details && !rows) return;
    const sent = rows ? { ...body, details: rows } : body;
    setSaving(true);
    try {
      type Refusal = { errors?: (FieldError | DetailError)[] } | null;
      const res = action
        ? ((await action.send(body)) as Envelope<Refusal>)
        : mode === 'add'
          ? await recordsOf(api, doc.endpoints).create<Refusal>(sent, Boolean(rows))
          : await recordsOf(api, doc.endpoints).update<Refusal>(sent, Boolean(rows));
      if (action?.keepOpen) {
        setAnswer({ ok: res.success, text: res.message });
        if (res.success) {
          change(toFormData(doc, record));
          setTried(false);
          onSaved(body);
        }
        return;
      }
      if (res.success) {
        providers().notices.success(res.message || t('done'));
        // an add answers the new record's id
        const id = mode === 'add' && typeof res.result === 'string' ? res.result : body.id;
        onSaved({ ...body, id });
        return;
      }
      const errors = res.result?.errors ?? [];
      const ofRows = errors.filter((e): e is DetailError => 'table' in e);
      const own = errors.filter((e) => !('table' in e));
      const said = ofRows.length ? details?.showErrors(ofRows) : undefined;
      if (own.length) {
        setExtraErrors(serverErrors(own));
        details?.showMaster();
      }
      providers().notices.warning(said ?? (res.message || t('failed')));
    } catch (e) {
      reportThrown(e);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={
        <div
          style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', marginRight: 32 }}
        >
          {action?.title ?? title ?? t(mode)}
          <Button
            type="text"
            size="small"
            aria-label={t(fullscreen ? 'exitFullscreen' : 'fullscreen')}
            title={t(fullscreen ? 'exitFullscreen' : 'fullscreen')}
            icon={fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
            onClick={() => setFullscreen((f) => !f)}
          />
        </div>
      }
      open={open}
      width={fullscreen ? '100vw' : details ? WIDTHS.detail : WIDTHS[mode]}
      style={fullscreen ? { top: 0, maxWidth: '100vw', paddingBottom: 0 } : undefined}
      okText={action?.okText ?? t('ok')}
      cancelText={t('close')}
      confirmLoading={saving}
      okButtonProps={{ disabled: mode === 'detail' || !schema }}
      onOk={() => formRef.current?.submit()}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
    >
      {remote && (
        <Suspense fallback={null}>
          <RemoteChanges
            {...remote}
            titles={titles}
            options={options}
            settle={settle}
            onClose={() => setRemote(null)}
          />
        </Suspense>
      )}
      {answer && (
        <Alert
          role="status"
          style={{ marginBottom: 16 }}
          type={answer.ok ? 'success' : 'warning'}
          showIcon
          title={answer.text}
        />
      )}
      {schema && uiSchema && widgets ? (
        (details?.wrap ?? ((form: ReactNode) => form))(
          <div onKeyDown={submitOnEnter}>
            <Form
              ref={formRef as never}
              className={styles.form}
              idPrefix={idPrefix}
              schema={schema}
              uiSchema={uiSchema}
              formData={formData}
              formContext={{ ...LAYOUT, record, docTitle: doc.title, fill }}
              widgets={widgets}
              templates={TEMPLATES}
              validator={formValidator}
              customValidate={validate}
              transformErrors={transform}
              extraErrors={
                leftErrors || fieldChecks.errors || extraErrors
                  ? { ...leftErrors, ...fieldChecks.errors, ...extraErrors }
                  : undefined
              }
              liveValidate={tried ? 'onChange' : undefined}
              noHtml5Validate
              showErrorList={false}
              focusOnFirstError
              readonly={mode === 'detail'}
              onChange={onChange}
              onBlur={onBlur}
              onError={() => {
                setTried(true);
                details?.collect();
                details?.showMaster();
              }}
              onSubmit={(e) => {
                setTried(true);
                void save(e);
              }}
            />
          </div>,
        )
      ) : (
        <Spin style={{ display: 'block', padding: 48 }} />
      )}
    </Modal>
  );
}
