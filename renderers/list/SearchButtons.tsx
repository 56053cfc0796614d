import { DownOutlined, ReloadOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';
import { Button, Form, Space } from 'antd';
import { t } from './messages';

interface Props {
  onReset: () => void;
  /** 展开/收起 shows only when some fields are folded away */
  foldable: boolean;
  expanded: boolean;
  onToggle: () => void;
}

/** 查询 (submits the form), 重置, and 展开/收起: the button row of every search form */
export function SearchButtons({ onReset, foldable, expanded, onToggle }: Props) {
  return (
    // a form item's spacing, so buttons wrapped onto a row of their own keep off the toolbar
    <Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
          {t('search')}
        </Button>
        <Button icon={<ReloadOutlined />} onClick={onReset}>
          {t('reset')}
        </Button>
        {foldable && (
          <Button type="link" aria-expanded={expanded} onClick={onToggle}>
            {expanded ? t('collapse') : t('expand')}
            {expanded ? <UpOutlined /> : <DownOutlined />}
          </Button>
        )}
      </Space>
    </Form.Item>
  );
}
