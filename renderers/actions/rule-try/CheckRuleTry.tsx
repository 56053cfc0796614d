import { useState } from 'react';
import { Alert, Button, Input, Modal, Space } from 'antd';
import { TRIED_RULES } from '../../../src/core/actions/try';
import { useBusy } from '../../common/use-busy';
import type { Row } from '../../list/columns';
import { providers } from '../../providers';

interface Failure {
  beginIndex?: number;
  endIndex?: number;
  checkValue?: string;
}

type Outcome = { passed: true } | { passed: false; message: string; failure: Failure | null };

/** the part of the value a failing segment looked at, as the user counts (1-based) */
function where(f: Failure | null): string | undefined {
  if (!f || f.beginIndex === undefined || f.endIndex === undefined) return undefined;
  return `第 ${f.beginIndex + 1} 到 ${f.endIndex} 位：${f.checkValue ?? ''}`;
}

/** 测试 on a check rule: a typed value checked by the server with checkByCode. */
export default function CheckRuleTry({ rule, onClose }: { rule: Row; onClose: () => void }) {
  const [open, setOpen] = useState(true);
  const [value, setValue] = useState('');
  const { busy, run } = useBusy();
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const check = () =>
    run(async () => {
      // the server decodes the value once more (reference 2.9), so it travels encoded
      const res = await providers().data.get<Failure | null>(TRIED_RULES.check.url, {
        ruleCode: String(rule.ruleCode),
        value: encodeURIComponent(value),
      });
      setOutcome(
        res.success ? { passed: true } : { passed: false, message: res.message, failure: res.result },
      );
    });

  return (
    <Modal
      title={`测试校验规则：${String(rule.ruleName ?? '')}`}
      open={open}
      onCancel={() => setOpen(false)}
      footer={null}
      afterClose={onClose}
    >
      <Space.Compact style={{ width: '100%', marginBottom: 16 }}>
        <Input
          aria-label="待校验的值"
          placeholder="请输入要校验的值"
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setOutcome(null);
          }}
          onPressEnter={() => void check()}
        />
        <Button type="primary" loading={busy} onClick={() => void check()}>
          校验
        </Button>
      </Space.Compact>
      {outcome &&
        (outcome.passed ? (
          <Alert type="success" showIcon title="校验通过" />
        ) : (
          <Alert type="error" showIcon title={outcome.message} description={where(outcome.failure)} />
        ))}
    </Modal>
  );
}
