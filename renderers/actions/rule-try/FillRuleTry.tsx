import { useState } from 'react';
import { Alert, Button, Form, Input, Modal, Typography } from 'antd';
import { TRIED_RULES } from '../../../src/core/actions/try';
import { useBusy } from '../../common/use-busy';
import type { Row } from '../../list/columns';
import { providers } from '../../providers';

/** what each generator reads from the form data, said where the user types it */
const HINTS: Record<string, string> = {
  order_num: '单号不读取表单数据；每次执行都会占用一个流水号。',
  org_code: '上级部门：{"parentId": "部门ID"}；留空生成顶级部门编码。',
  category_code: '上级分类：{"pid": "分类ID"}；留空生成顶级分类编码。',
};

type Outcome = { value: string } | { error: string };

function parseFormData(text: string): Record<string, unknown> | string {
  if (!text.trim()) return {};
  try {
    const v: unknown = JSON.parse(text);
    if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
  } catch {
    // reported below
  }
  return '表单数据须是 JSON 对象，如 {"pid": "..."}';
}

/** 测试 on a fill rule: runs it on the server (executeRuleByCode) with optional form data. */
export default function FillRuleTry({ rule, onClose }: { rule: Row; onClose: () => void }) {
  const [open, setOpen] = useState(true);
  const [formData, setFormData] = useState('');
  const { busy, run } = useBusy();
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const execute = async () => {
    const data = parseFormData(formData);
    if (typeof data === 'string') {
      setOutcome({ error: data });
      return;
    }
    await run(async () => {
      const res = await providers().data.put<string>(
        TRIED_RULES.fill.url.replace(':ruleCode', encodeURIComponent(String(rule.ruleCode))),
        data,
      );
      setOutcome(res.success ? { value: res.result } : { error: res.message });
    });
  };

  return (
    <Modal
      title={`测试填值规则：${String(rule.ruleName ?? '')}`}
      open={open}
      onCancel={() => setOpen(false)}
      afterClose={onClose}
      footer={
        <Button type="primary" loading={busy} onClick={() => void execute()}>
          执行
        </Button>
      }
    >
      <Form layout="vertical">
        <Form.Item
          label="表单数据（JSON，可不填）"
          htmlFor="fill-rule-form-data"
          extra={HINTS[String(rule.generator)]}
        >
          <Input.TextArea
            id="fill-rule-form-data"
            rows={3}
            value={formData}
            onChange={(e) => setFormData(e.target.value)}
          />
        </Form.Item>
      </Form>
      {outcome &&
        ('value' in outcome ? (
          <Alert
            type="success"
            showIcon
            title="生成的值"
            description={
              <Typography.Text copyable strong>
                {outcome.value}
              </Typography.Text>
            }
          />
        ) : (
          <Alert type="error" showIcon title={outcome.error} />
        ))}
    </Modal>
  );
}
