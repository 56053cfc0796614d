import { useState } from 'react';
import { SyncOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { reloadDictionaries } from '../../common/dict';
import { providers } from '../../providers';

export const REFRESH_DONE = '刷新缓存完成！';
export const REFRESH_FAILED = '刷新缓存失败！';

/**
 * 刷新缓存 (spec 7.2 / 8): the servers drop their dictionary caches (refleshCache), then this
 * browser stores a fresh copy of every dictionary for 7 days (queryAllDictItems).
 */
export function RefreshCacheButton() {
  const [busy, setBusy] = useState(false);
  const refresh = async () => {
    setBusy(true);
    try {
      const res = await providers().data.get('/sys/dict/refleshCache');
      if (!res.success) throw new Error(res.message);
      await reloadDictionaries();
      providers().notices.success(REFRESH_DONE);
    } catch {
      providers().notices.warning(REFRESH_FAILED);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<SyncOutlined />} loading={busy} onClick={() => void refresh()}>
      刷新缓存
    </Button>
  );
}
