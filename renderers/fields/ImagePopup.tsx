import { LoadingOutlined, PlusOutlined } from '@ant-design/icons';
import { Form, Input, Modal, Tabs, Upload } from 'antd';
import { useState } from 'react';
import { useFileUrl } from '../common/use-file-url';
import { providers } from '../providers';
import type { FieldDoc } from '../../src/core/document/types';
import { isHttpUrl } from '../../src/core/fields/upload-path';
import { IMAGE_EXTS } from '../../src/core/upload-types';
import { sendFile } from './files-api';
import styles from './files.module.css';
import { t } from './messages';

/** a picture chosen in the pop-up: a stored path or a network address, and the remark given with it */
export interface PickedImage {
  path: string;
  remark: string;
}

type Source = 'local' | 'network';

/**
 * The image pop-up: two tabs, 本地上传 (a picture sent at once) and 网络图片地址 (an http or
 * https address), each with a 备注 remark. 确定 hands over the picture of the open tab and its
 * remark; with no picture it warns 没有上传文件 (or asks for a valid address) and stays open.
 */
export function ImagePopup({
  field,
  onOk,
  onCancel,
}: {
  field: FieldDoc | undefined;
  onOk: (image: PickedImage) => void;
  onCancel: () => void;
}) {
  const [tab, setTab] = useState<Source>('local');
  const [local, setLocal] = useState<string>();
  const [address, setAddress] = useState('');
  const [remarks, setRemarks] = useState<Record<Source, string>>({ local: '', network: '' });
  const [percent, setPercent] = useState<number | null>(null);
  const preview = useFileUrl(local);

  const confirm = () => {
    if (tab === 'local') {
      if (!local) return providers().notices.warning(t('noFile'));
      return onOk({ path: local, remark: remarks.local });
    }
    if (!isHttpUrl(address.trim())) return providers().notices.warning(t('httpAddress'));
    onOk({ path: address.trim(), remark: remarks.network });
  };
  const remark = (source: Source) => (
    <Form.Item label={t('remark')}>
      <Input
        aria-label={t('remarkOf', { source: t(source === 'local' ? 'localUpload' : 'networkImage') })}
        value={remarks[source]}
        maxLength={100}
        onChange={(e) => setRemarks((r) => ({ ...r, [source]: e.target.value }))}
      />
    </Form.Item>
  );

  return (
    <Modal open title={t('imageUpload')} width={520} onOk={confirm} onCancel={onCancel} destroyOnHidden>
      <Tabs
        activeKey={tab}
        onChange={(k) => setTab(k as Source)}
        items={[
          {
            key: 'local',
            label: t('localUpload'),
            children: (
              <Form layout="vertical">
                <Upload
                  accept={IMAGE_EXTS.map((e) => `.${e}`).join(',')}
                  showUploadList={false}
                  disabled={percent !== null}
                  beforeUpload={(file) => {
                    setPercent(0);
                    void sendFile(file, field, IMAGE_EXTS, setPercent).then((f) => {
                      setPercent(null);
                      if (f) setLocal(f.filePath);
                    });
                    return false; // sent by sendFile(), with the session's headers
                  }}
                >
                  <button type="button" className={styles.pick} aria-label={t('chooseImage')}>
                    {preview ? (
                      <img src={preview} alt={t('uploadedImage')} />
                    ) : percent !== null ? (
                      <>
                        <LoadingOutlined />
                        <span>{percent}%</span>
                      </>
                    ) : (
                      <>
                        <PlusOutlined />
                        <span>{t('upload')}</span>
                      </>
                    )}
                  </button>
                </Upload>
                {remark('local')}
              </Form>
            ),
          },
          {
            key: 'network',
            label: t('networkImage'),
            children: (
              <Form layout="vertical">
                <Form.Item label={t('imageAddress')}>
                  <Input
                    aria-label={t('imageAddress')}
                    placeholder="https://"
                    value={address}
                    onChange={(e) => setAddress(e.target.value)}
                  />
                </Form.Item>
                {remark('network')}
              </Form>
            ),
          },
        ]}
      />
    </Modal>
  );
}
