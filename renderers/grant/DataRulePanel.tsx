import { Button, Checkbox, Drawer, Empty, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { reportThrown } from '../common/failure';
import { useBusy } from '../common/use-busy';
import { ROLE_DATA_RULES } from '../../src/core/actions/grant';
import type { GrantNode } from './grant-keys';
import { providers } from '../providers';
import { t } from './messages';

interface DataRule {
  id: string;
  ruleName: string;
  ruleColumn?: string;
  ruleConditions?: string;
  ruleValue?: string;
}

interface Props {
  roleId: string;
  /** the menu whose rules are chosen; null while closed */
  menu: GrantNode | null;
  onClose: () => void;
}

/** "createBy = #{sys_user_code}": what a rule filters, under its name */
const ruleText = (r: DataRule) => [r.ruleColumn, r.ruleConditions, r.ruleValue].filter(Boolean).join(' ');

/**
 * The data rules of one menu for one role: which of the menu's rules narrow the rows the role's
 * users see there. The role must already hold the menu; the server says so otherwise
 * ("请先保存角色菜单权限!").
 */
export function DataRulePanel({ roleId, menu, onClose }: Props) {
  const [rules, setRules] = useState<DataRule[] | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  const { busy, run } = useBusy();

  useEffect(() => {
    if (!menu) return;
    let live = true;
    providers()
      .data.get<{ datarule: DataRule[]; drChecked: string }>(
        ROLE_DATA_RULES.read.replace(':permissionId', menu.key).replace(':roleId', roleId),
      )
      .then(
        (res) => {
          if (!live) return;
          if (!res.success) {
            providers().notices.warning(res.message);
            setRules([]);
            return;
          }
          setRules(res.result.datarule);
          setChosen(res.result.drChecked.split(',').filter(Boolean));
        },
        (e: unknown) => live && reportThrown(e),
      );
    return () => {
      live = false;
    };
  }, [menu, roleId]);

  const save = () =>
    run(async () => {
      if (!menu) return;
      const res = await providers().data.post(ROLE_DATA_RULES.save, {
        permissionId: menu.key,
        roleId,
        dataRuleIds: chosen.join(','),
      });
      if (!res.success) return providers().notices.warning(res.message);
      providers().notices.success(res.message);
      onClose();
    });

  return (
    <Drawer
      title={menu ? t('dataRulesOf', { title: menu.title }) : t('dataRules')}
      size={365}
      open={Boolean(menu)}
      onClose={onClose}
      destroyOnHidden
      afterOpenChange={(open) => {
        if (!open) {
          setRules(null);
          setChosen([]);
        }
      }}
      footer={
        <Button type="primary" loading={busy} disabled={!rules?.length} onClick={() => void save()}>
          {t('save')}
        </Button>
      }
    >
      {!rules ? (
        <Spin style={{ display: 'block', marginTop: 48 }} />
      ) : rules.length ? (
        <Checkbox.Group
          style={{ display: 'flex', flexDirection: 'column', gap: 12 }}
          value={chosen}
          onChange={(v) => setChosen(v.map(String))}
          options={rules.map((r) => ({
            value: r.id,
            label: (
              <span>
                {r.ruleName}
                <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                  {ruleText(r)}
                </Typography.Text>
              </span>
            ),
          }))}
        />
      ) : (
        <Empty description={t('noDataRules')} />
      )}
    </Drawer>
  );
}
