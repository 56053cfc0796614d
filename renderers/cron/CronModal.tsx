import { Alert, Flex, Input, Modal, Tabs, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { modelProblem } from '../../src/core/cron/check';
import { defaultModel, type CronModel, type UnitName } from '../../src/core/cron/model';
import { CronError, parseCron } from '../../src/core/cron/parse';
import { toCron } from '../../src/core/cron/write';
import { MODAL_WIDTH } from '../../src/core/constants';
import { DayPanel } from './DayPanel';
import { draftsOf, modelOf, type Drafts } from './drafts';
import { t } from './messages';
import { NextRuns } from './NextRuns';
import { UnitPanel } from './UnitPanel';

export interface CronModalProps {
  /** the expression the builder opens on ('' or one it cannot read: the defaults) */
  value: string;
  onOk: (expression: string) => void;
  onCancel: () => void;
}

/** the builder opened on an expression, and why it could not be read when it could not */
function opening(value: string): { model: CronModel; unread?: string } {
  if (!value.trim()) return { model: defaultModel() };
  try {
    return { model: parseCron(value) };
  } catch (e) {
    if (!(e instanceof CronError)) throw e;
    return { model: defaultModel(), unread: e.message };
  }
}

const UNIT_TABS: UnitName[] = ['second', 'minute', 'hour'];

/**
 * The cron builder (608 wide, tabs 秒 分 时 日 月 年): a mode per field, the expression
 * as it is built, and its next five runs. It opens on the field's expression in the same modes.
 */
export default function CronModal({ value, onOk, onCancel }: CronModalProps) {
  const start = useMemo(() => opening(value), [value]);
  const [drafts, setDrafts] = useState<Drafts>(() => draftsOf(start.model));
  const model = modelOf(drafts);
  const problem = modelProblem(model);
  const expression = toCron(model);
  const unit = (name: UnitName) => ({
    key: name,
    label: t(name),
    children: (
      <UnitPanel unit={name} tab={drafts[name]} onChange={(tab) => setDrafts({ ...drafts, [name]: tab })} />
    ),
  });

  return (
    <Modal
      open
      title={t('cronExpression')}
      width={MODAL_WIDTH.cron}
      okButtonProps={{ disabled: Boolean(problem) }}
      onOk={() => onOk(expression)}
      onCancel={onCancel}
    >
      <Flex vertical gap={12}>
        {start.unread && <Alert type="warning" showIcon title={t('unreadable', { reason: start.unread })} />}
        <Tabs
          items={[
            ...UNIT_TABS.map(unit),
            {
              key: 'day',
              label: t('day'),
              children: <DayPanel tab={drafts.day} onChange={(day) => setDrafts({ ...drafts, day })} />,
            },
            unit('month'),
            unit('year'),
          ]}
        />
        <Flex align="center" gap={8}>
          <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
            {t('cronExpression')}
          </Typography.Text>
          <Input aria-label={t('cronExpression')} readOnly value={expression} />
        </Flex>
        {problem ? <Alert type="error" showIcon title={problem} /> : <NextRuns expression={expression} />}
      </Flex>
    </Modal>
  );
}
