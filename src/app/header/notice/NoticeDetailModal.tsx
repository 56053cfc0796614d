import { Descriptions, Divider, Modal, Typography } from 'antd';
import type { Notice } from './notice-api';
import { PriorityTag } from './PriorityTag';
import { t } from '../../i18n/i18n';
import { RichTextView } from '../../../../renderers/fields/umeditor/RichTextView';

/** One announcement in full: who sent it, when, and its text (the editor's rich text, cleaned; attachments download). */
export default function NoticeDetailModal({
  notice,
  onClose,
}: {
  notice: Notice | null;
  onClose: () => void;
}) {
  return (
    <Modal
      title={notice?.titile}
      open={Boolean(notice)}
      width={800}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
    >
      {notice && (
        <>
          <Descriptions
            size="small"
            column={3}
            items={[
              { key: 'sender', label: t('notice.sender'), children: notice.sender ?? '' },
              { key: 'time', label: t('notice.sendTime'), children: notice.sendTime ?? '' },
              {
                key: 'priority',
                label: t('notice.priority'),
                children: <PriorityTag priority={notice.priority} />,
              },
            ]}
          />
          {notice.msgAbstract && (
            <Typography.Paragraph type="secondary">{notice.msgAbstract}</Typography.Paragraph>
          )}
          <Divider style={{ margin: '8px 0 16px' }} />
          {notice.msgContent ? (
            <RichTextView html={notice.msgContent} />
          ) : (
            <Typography.Paragraph>{t('notice.noContent')}</Typography.Paragraph>
          )}
        </>
      )}
    </Modal>
  );
}
