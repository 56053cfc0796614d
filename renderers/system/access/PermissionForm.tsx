import { useMemo, useState } from 'react';
import { Button, Drawer, Form, Input, InputNumber, Radio, Select, Space, Switch, TreeSelect } from 'antd';
import { MENU_ICON_NAMES, MenuIcon } from '../../common/menu-icons';
import { reportWrite } from '../../common/failure';
import {
  fieldsOf,
  formValuesOf,
  MENU_TYPE_TEXT,
  parentOptions,
  payloadOf,
  PERMS_PATTERN,
  type FormField,
  type MenuType,
  type PermissionFormValues,
  type PermissionNode,
} from './permission-model';
import { providers } from '../../providers';

/** what the drawer edits: a node, or a new entry (under `parent` for 添加下级) */
export type PermissionFormTarget = { node: PermissionNode } | { parent?: PermissionNode };

interface Props {
  target: PermissionFormTarget;
  open: boolean;
  /** the current tree, for the 上级菜单 choices */
  nodes: PermissionNode[];
  onClose: () => void;
  /** after a successful save, with the id of the entry's parent (to show it expanded) */
  onSaved: (parentId: string | undefined) => void;
}

const TYPE_OPTIONS = (Object.keys(MENU_TYPE_TEXT) as MenuType[]).map((value) => ({
  value,
  label: MENU_TYPE_TEXT[value],
}));

const ICON_OPTIONS = MENU_ICON_NAMES.map((name) => ({
  value: name,
  label: (
    <Space size={6}>
      <MenuIcon name={name} />
      {name}
    </Space>
  ),
}));

const YES_NO = { checkedChildren: '是', unCheckedChildren: '否' };

/**
 * 新增菜单 / 编辑 / 添加下级 (POST /sys/permission/add, PUT edit): the menu type decides the fields,
 * menus have their route settings, buttons their permission code. The server checks again and
 * answers in Chinese; its refusal is shown as a warning and the drawer stays open.
 */
export default function PermissionForm({ target, open, nodes, onClose, onSaved }: Props) {
  const node = 'node' in target ? target.node : undefined;
  const [form] = Form.useForm<PermissionFormValues>();
  const [initial] = useState(() => formValuesOf(node, 'parent' in target ? target.parent : undefined));
  const type: MenuType = Form.useWatch('menuType', form) ?? initial.menuType;
  const shown = new Set<FormField>(fieldsOf(type));
  const parents = useMemo(() => parentOptions(nodes, node?.id), [nodes, node?.id]);
  const [saving, setSaving] = useState(false);
  const isButton = type === '2';

  const submit = async (values: PermissionFormValues) => {
    const body = payloadOf({ ...initial, ...values }, node);
    setSaving(true);
    const saved = await reportWrite(
      node
        ? providers().data.put('/sys/permission/edit', body)
        : providers().data.post('/sys/permission/add', body),
    );
    setSaving(false);
    if (saved) onSaved(body.parentId as string | undefined);
  };

  const title = node ? '编辑菜单' : 'parent' in target && target.parent ? '添加下级' : '新增菜单';
  return (
    <Drawer
      title={title}
      open={open}
      size={700}
      onClose={onClose}
      destroyOnHidden
      mask={{ closable: false }}
      footer={
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={saving} onClick={() => form.submit()}>
            确定
          </Button>
        </Space>
      }
    >
      <Form
        form={form}
        name="permission"
        initialValues={initial}
        labelCol={{ span: 5 }}
        wrapperCol={{ span: 18 }}
        onFinish={(v) => void submit(v)}
      >
        <Form.Item label="菜单类型" name="menuType">
          <Radio.Group options={TYPE_OPTIONS} />
        </Form.Item>
        <Form.Item
          label={isButton ? '按钮/权限名称' : '菜单名称'}
          name="name"
          rules={[
            {
              required: true,
              whitespace: true,
              message: isButton ? '请输入按钮/权限名称' : '请输入菜单名称',
            },
            { max: 255, message: '名称最多 255 个字符' },
          ]}
        >
          <Input placeholder={isButton ? '如 添加' : '如 计量单位'} />
        </Form.Item>
        {shown.has('parentId') && (
          <Form.Item label="上级菜单" name="parentId" rules={[{ required: true, message: '请选择上级菜单' }]}>
            <TreeSelect
              treeData={parents}
              showSearch={{ treeNodeFilterProp: 'title' }}
              placeholder="请选择上级菜单"
              styles={{ popup: { root: { maxHeight: 400, overflow: 'auto' } } }}
              allowClear
            />
          </Form.Item>
        )}
        {shown.has('url') && (
          <Form.Item
            label="菜单路径"
            name="url"
            rules={[{ required: true, whitespace: true, message: '请输入菜单路径' }]}
            extra="站内路径如 /system/user，在线列表如 /online/cgformList/base_unit；外部链接以 http(s):// 开头"
          >
            <Input placeholder="请输入菜单路径" />
          </Form.Item>
        )}
        {shown.has('component') && (
          <Form.Item
            label="前端组件"
            name="component"
            rules={
              type === '1' ? [{ required: true, whitespace: true, message: '请输入前端组件' }] : undefined
            }
            extra={type === '0' ? '留空即 layouts/RouteView（只做分组，需有下级菜单才显示）' : undefined}
          >
            <Input placeholder="如 modules/online/cgform/auto/OnlCgformAutoList" />
          </Form.Item>
        )}
        {shown.has('componentName') && (
          <Form.Item label="组件名称" name="componentName" extra="选填：页面所用文档的编码，如 sys_dict">
            <Input placeholder="请输入组件名称" />
          </Form.Item>
        )}
        {shown.has('redirect') && (
          <Form.Item label="默认跳转地址" name="redirect">
            <Input placeholder="请输入默认跳转地址" />
          </Form.Item>
        )}
        {shown.has('icon') && (
          <Form.Item label="菜单图标" name="icon">
            <Select options={ICON_OPTIONS} showSearch allowClear placeholder="请选择菜单图标" />
          </Form.Item>
        )}
        {shown.has('sortNo') && (
          <Form.Item label="排序" name="sortNo">
            <InputNumber precision={2} style={{ width: 160 }} placeholder="请输入排序" />
          </Form.Item>
        )}
        {shown.has('route') && (
          <Form.Item label="是否路由" name="route" valuePropName="checked">
            <Switch {...YES_NO} />
          </Form.Item>
        )}
        {shown.has('hidden') && (
          <Form.Item label="隐藏路由" name="hidden" valuePropName="checked">
            <Switch {...YES_NO} />
          </Form.Item>
        )}
        {shown.has('keepAlive') && (
          <Form.Item label="是否缓存路由" name="keepAlive" valuePropName="checked">
            <Switch {...YES_NO} />
          </Form.Item>
        )}
        {shown.has('alwaysShow') && (
          <Form.Item label="聚合路由" name="alwaysShow" valuePropName="checked">
            <Switch {...YES_NO} />
          </Form.Item>
        )}
        {shown.has('internalOrExternal') && (
          <Form.Item label="打开方式" name="internalOrExternal">
            <Radio.Group
              options={[
                { value: false, label: '内部' },
                { value: true, label: '外部' },
              ]}
            />
          </Form.Item>
        )}
        {shown.has('perms') && (
          <Form.Item
            label="授权标识"
            name="perms"
            rules={[
              { required: true, whitespace: true, message: '请输入授权标识' },
              { pattern: PERMS_PATTERN, message: '授权标识只能包含字母、数字和 _ : . , -' },
            ]}
            extra="多个用逗号隔开，如 system:user:add"
          >
            <Input placeholder="如 system:user:add" />
          </Form.Item>
        )}
        {shown.has('permsType') && (
          <Form.Item label="授权策略" name="permsType">
            <Radio.Group
              options={[
                { value: '1', label: '显示/访问' },
                { value: '2', label: '可编辑/禁用' },
              ]}
            />
          </Form.Item>
        )}
        {shown.has('status') && (
          <Form.Item label="状态" name="status">
            <Radio.Group
              options={[
                { value: '1', label: '有效' },
                { value: '0', label: '无效' },
              ]}
            />
          </Form.Item>
        )}
        {/* Enter in a field submits */}
        <button type="submit" hidden />
      </Form>
    </Drawer>
  );
}
