import { useMemo, useState } from 'react';
import { AutoComplete, Form, type AutoCompleteProps, Input, Modal, Radio, Select, Typography } from 'antd';
import { reportWrite } from '../../common/failure';
import { useEntityDocument } from '../../common/use-document';
import { useOptions } from '../../common/use-options';
import {
  CONDITION_FIELDS,
  documentOfMenu,
  RULE_COLUMN_PATTERN,
  RULE_STATUS_TEXT,
  ruleFormValuesOf,
  rulePayloadOf,
  VARIABLE_HINTS,
  type DataRule,
  type DataRuleFormValues,
} from './data-rule-model';
import { providers } from '../../providers';
import { ONLINE_REPORT_COMPONENT } from '../../registry';
import { useReportMeta } from '../../report/use-report';

interface Props {
  /** a report's menu (its component the report list) offers the report's columns */
  menu: { id: string; name: string; component?: string | null };
  /** the rule to edit; absent for a new one */
  rule?: DataRule;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}

type ColumnInputProps = Omit<AutoCompleteProps, 'options'>;

/** a document menu's fields offered as rule columns (the server accepts only those for it) */
function DocumentColumnInput({ code, ...props }: ColumnInputProps & { code: string }) {
  const state = useEntityDocument(code);
  const options = useMemo(
    () =>
      state.status === 'ready'
        ? state.doc.fields.map((f) => ({ value: f.key, label: `${f.title}（${f.key}）` }))
        : [],
    [state],
  );
  return <AutoComplete {...props} options={options} />;
}

/** a report menu's columns offered as rule columns: its rules filter the report's rows by them */
function ReportColumnInput({ code, ...props }: ColumnInputProps & { code: string }) {
  const meta = useReportMeta(code);
  const options = useMemo(
    () =>
      meta.status === 'ready'
        ? meta.columns.columns.map((c) => ({ value: c.dataIndex, label: `${c.title}（${c.dataIndex}）` }))
        : [],
    [meta],
  );
  return <AutoComplete {...props} options={options} />;
}

/** 规则字段: free text, with the fields of the menu's document (or report) to pick from when it opens one */
function RuleColumnInput({ menu, ...props }: ColumnInputProps & { menu: Props['menu'] }) {
  const code = documentOfMenu(menu.id);
  if (!code) return <AutoComplete {...props} />;
  return menu.component === ONLINE_REPORT_COMPONENT ? (
    <ReportColumnInput code={code} {...props} />
  ) : (
    <DocumentColumnInput code={code} {...props} />
  );
}

const STATUS_OPTIONS = (['1', '0'] as const).map((value) => ({ value, label: RULE_STATUS_TEXT[value] }));

/** 新增 / 编辑 of a data rule (addPermissionRule / editPermissionRule) */
export function DataRuleForm({ menu, rule, open, onClose, onSaved }: Props) {
  const [form] = Form.useForm<DataRuleFormValues>();
  const [initial] = useState(() => ruleFormValuesOf(rule));
  const conditions = useOptions(CONDITION_FIELDS)?.ruleConditions ?? [];
  const [saving, setSaving] = useState(false);

  const submit = async (values: DataRuleFormValues) => {
    setSaving(true);
    const saved = await reportWrite(
      rule
        ? providers().data.put('/sys/permission/editPermissionRule', rulePayloadOf(values, { id: rule.id }))
        : providers().data.post(
            '/sys/permission/addPermissionRule',
            rulePayloadOf(values, { permissionId: menu.id }),
          ),
    );
    setSaving(false);
    if (saved) onSaved();
  };

  return (
    <Modal
      title={rule ? '编辑数据规则' : '新增数据规则'}
      open={open}
      width={700}
      okText="确定"
      cancelText="取消"
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Form
        form={form}
        name="data-rule"
        initialValues={initial}
        labelCol={{ span: 4 }}
        wrapperCol={{ span: 19 }}
        onFinish={(v) => void submit(v)}
      >
        <Form.Item
          label="规则名称"
          name="ruleName"
          rules={[
            { required: true, whitespace: true, message: '请输入规则名称' },
            { max: 50, message: '规则名称最多 50 个字符' },
          ]}
        >
          <Input placeholder="如 只看本人创建的" />
        </Form.Item>
        <Form.Item
          label="规则字段"
          name="ruleColumn"
          rules={[
            { required: true, whitespace: true, message: '请输入规则字段' },
            { pattern: RULE_COLUMN_PATTERN, message: '规则字段以字母开头，只含字母、数字和下划线' },
          ]}
          extra={
            menu.component === ONLINE_REPORT_COMPONENT
              ? '报表的列名，如 type_name'
              : '列表文档的字段名，如 createBy、sysOrgCode'
          }
        >
          <RuleColumnInput
            menu={menu}
            placeholder="请输入规则字段"
            filterOption={(input, o) => String(o?.label ?? '').includes(input)}
          />
        </Form.Item>
        <Form.Item
          label="条件规则"
          name="ruleConditions"
          rules={[{ required: true, message: '请选择条件规则' }]}
        >
          <Select
            placeholder="请选择条件规则"
            options={conditions.map((o) => ({ value: o.value, label: `${o.text}（${o.value}）` }))}
          />
        </Form.Item>
        <Form.Item
          label="规则值"
          name="ruleValue"
          rules={[
            { required: true, whitespace: true, message: '请输入规则值' },
            { max: 300, message: '规则值最多 300 个字符' },
          ]}
          extra={
            <div>
              可用系统变量：
              {VARIABLE_HINTS.map(([name, meaning]) => (
                <div key={name}>
                  <Typography.Text code>{`#{${name}}`}</Typography.Text> {meaning}
                </div>
              ))}
            </div>
          }
        >
          <Input placeholder="固定值或系统变量，如 #{sys_user_code}" />
        </Form.Item>
        <Form.Item label="状态" name="status">
          <Radio.Group options={STATUS_OPTIONS} />
        </Form.Item>
        <button type="submit" hidden />
      </Form>
    </Modal>
  );
}
