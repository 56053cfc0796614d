import { useState } from 'react';
import { Alert, Button, Form, Input, Modal, Typography } from 'antd';
import { TRIED_RULES } from '../../../src/core/actions/try';
import { useBusy } from '../../common/use-busy';
import type { Row } from '../../list/columns';
import { providers } from '../../providers';
import { t } from '../messages';

/** what each generator reads from the form data, said where the user types it */
const HINTS: Partial<Record<string, 'hintOrderNum' | 'hintOrgCode' | 'hintCategoryCode'>> = {
  order_num: 'hintOrderNum',
  org_code: 'hintOrgCode',
  category_code: 'hintCategoryCode',
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
  return t('formDataNotObject');
}

/** 测试 on a fill rule: runs it on the server (executeRuleByCode) with optional form data. */
export default function FillRuleTry({ rule, onClose }: { rule: Row; onClose: () => void }) {
  const [open, setOpen] = useState(true);
  const [formData, setFormData] = useState('');
  const { busy, run } = useBusy();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const hint = HINTS[String(rule.generator)];

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
      title={t('tryFillRule', { name: String(rule.ruleName ?? '') })}
      open={open}
      onCancel={() => setOpen(false)}
      afterClose={onClose}
      footer={
        <Button type="primary" loading={busy} onClick={() => void execute()}>
          {t('execute')}
        </Button>
      }
    >
      <Form layout="vertical">
        <Form.Item label={t('formData')} htmlFor="fill-rule-form-data" extra={hint && t(hint)}>
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
            title={t('generated')}
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
