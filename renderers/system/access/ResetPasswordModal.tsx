import { Form, Input, Modal } from 'antd';
import { useBusy } from '../../common/use-busy';
import { CONSOLE_PASSWORD_MESSAGES, NewPasswordFields } from '../../common/NewPasswordFields';
import { providers } from '../../providers';

interface Props {
  /** the account whose password is reset; null while closed */
  username: string | null;
  onClose: () => void;
}

interface Values {
  password: string;
  confirmpassword: string;
}

/**
 * 密码: an administrator sets a user's password (PUT /sys/user/changPassword). The user's open
 * sessions end with it, so the user signs in again with the new one.
 */
export function ResetPasswordModal({ username, onClose }: Props) {
  const [form] = Form.useForm<Values>();
  const { busy, run } = useBusy();

  const submit = (values: Values) =>
    run(async () => {
      const res = await providers().data.put('/sys/user/changPassword', { username, ...values });
      if (!res.success) return providers().notices.warning(res.message);
      providers().notices.success(res.message);
      onClose();
    });

  return (
    <Modal
      title={`重置密码：${username ?? ''}`}
      open={Boolean(username)}
      onOk={() => form.submit()}
      onCancel={onClose}
      afterClose={() => form.resetFields()}
      confirmLoading={busy}
      okText="确定"
      cancelText="取消"
      forceRender
    >
      <Form
        form={form}
        name="reset-password"
        labelCol={{ span: 5 }}
        wrapperCol={{ span: 17 }}
        onFinish={submit}
      >
        <Form.Item label="用户账号">
          <Input value={username ?? ''} disabled />
        </Form.Item>
        <NewPasswordFields
          label="登录密码"
          confirmLabel="确认密码"
          confirmName="confirmpassword"
          placeholder="至少8位，须同时包含字母和数字"
          confirmPlaceholder="请再次输入登录密码"
          messages={CONSOLE_PASSWORD_MESSAGES}
        />
        {/* Enter in a field submits */}
        <button type="submit" hidden />
      </Form>
    </Modal>
  );
}
