import { SearchOutlined } from '@ant-design/icons';
import { Modal, Select } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { matchesTitle, searchableEntries, searchDestination } from '../layouts/menu-tree';
import { useMenu } from '../layouts/use-menu';
import type { MenuItem } from '../stores/session';
import { t } from '../i18n/i18n';

interface Option {
  value: string;
  label: string;
  item: MenuItem;
}

/** The searchable dropdown over the visible menu entries (title, case-insensitive substring). */
function MenuSelect({ onChosen, autoFocus = false }: { onChosen?: () => void; autoFocus?: boolean }) {
  const menu = useMenu();
  const navigate = useNavigate();
  const options = useMemo<Option[]>(
    () => searchableEntries(menu).map((item) => ({ value: item.id, label: item.meta.title, item })),
    [menu],
  );
  const choose = (_: string, option: Option) => {
    const dest = searchDestination(option.item);
    // external and iframe pages open in a new window, the rest navigates
    if ('open' in dest) window.open(dest.open, '_blank', 'noopener');
    else navigate(dest.navigate);
    onChosen?.();
  };
  return (
    <Select<string, Option>
      showSearch={{ filterOption: (input, option) => Boolean(option && matchesTitle(option.item, input)) }}
      aria-label={t('header.searchMenu')}
      placeholder={t('header.searchMenu')}
      options={options}
      value={null}
      onSelect={choose}
      autoFocus={autoFocus}
      defaultOpen={autoFocus}
      suffixIcon={<SearchOutlined />}
      notFoundContent={t('header.menuNotFound')}
      className="shell-menu-search"
      popupMatchSelectWidth={false}
    />
  );
}

/** Spec 2.5 menu search: inline on desktop, a modal titled '搜索菜单' on mobile. */
export default function MenuSearch({ mobile = false }: { mobile?: boolean }) {
  const [open, setOpen] = useState(false);
  if (!mobile) return <MenuSelect />;
  return (
    <>
      <button
        type="button"
        className="shell-header-action"
        aria-label={t('header.searchMenu')}
        title={t('header.searchMenu')}
        onClick={() => setOpen(true)}
      >
        <SearchOutlined />
      </button>
      <Modal
        title={t('header.searchMenu')}
        open={open}
        footer={null}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <MenuSelect autoFocus onChosen={() => setOpen(false)} />
      </Modal>
    </>
  );
}
