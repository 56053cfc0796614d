import { useState } from 'react';
import { Alert, Button, Input, Modal, Space } from 'antd';
import { TRIED_RULES } from '../../../src/core/actions/try';
import { useBusy } from '../../common/use-busy';
import type { Row } from '../../list/columns';
import { providers } from '../../providers';
import { t } from '../messages';

interface Failure {
  beginIndex?: number;
  endIndex?: number;
  checkValue?: string;
}

type Outcome = { passed: true } | { passed: false; message: string; failure: Failure | null };

/** the part of the value a failing segment looked at, as the user counts (1-based) */
function where(f: Failure | null): string | undefined {
  if (!f || f.beginIndex === undefined || f.endIndex === undefined) return undefined;
  return t('segment', { from: f.beginIndex + 1, to: f.endIndex, value: f.checkValue ?? '' });
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
      title={t('tryCheckRule', { name: String(rule.ruleName ?? '') })}
      open={open}
      onCancel={() => setOpen(false)}
      footer={null}
      afterClose={onClose}
    >
      <Space.Compact style={{ width: '100%', marginBottom: 16 }}>
        <Input
          aria-label={t('valueToCheck')}
          placeholder={t('enterValue')}
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setOutcome(null);
          }}
          onPressEnter={() => void check()}
        />
        <Button type="primary" loading={busy} onClick={() => void check()}>
          {t('check')}
        </Button>
      </Space.Compact>
      {outcome &&
        (outcome.passed ? (
          <Alert type="success" showIcon title={t('passed')} />
        ) : (
          <Alert type="error" showIcon title={outcome.message} description={where(outcome.failure)} />
        ))}
    </Modal>
  );
}
