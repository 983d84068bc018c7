/**
 * Add and edit a role: name, description, the permission codes (a tree of menu, page and button codes
 * the caller may grant) and, in the company application, the data scope (an area tree of regions,
 * provinces and cities, and stores). A role naming no areas and no stores covers the whole company.
 */
import { type RoleCreateBody, RoleEndpoints } from '@storefleet/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Select, Space, Spin, Tree } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';

import { api, apiQuery, moduleKey } from '../../api/call';
import { useScopeOptions } from '../../org/useScopeOptions';
import { levelTreeData } from '../user/level-tree-data';
import { permissionTreeData, splitCodes, toggleCode } from './permission-tree';

interface RoleFormValues {
  name: string;
  description?: string;
  storeIds?: number[];
}

export interface RoleFormPageProps {
  admin?: boolean;
  edit?: boolean;
}

export function RoleFormPage({ admin = false, edit = false }: RoleFormPageProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en-US' ? 'en' : 'zh';
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const id = edit ? Number(params.get('id')) : undefined;
  const [form] = Form.useForm<RoleFormValues>();
  const [codes, setCodes] = useState<string[]>([]);
  const [areaIds, setAreaIds] = useState<string[]>([]);

  const role = useQuery({
    ...apiQuery(RoleEndpoints.getRole, { params: { id: id ?? 0 } }),
    enabled: id !== undefined && id > 0,
  });
  const tree = useQuery(apiQuery(RoleEndpoints.getPermissionTree));
  const { levels, stores } = useScopeOptions(!admin);

  useEffect(() => {
    const r = role.data;
    if (!r) return;
    form.setFieldsValue({ name: r.name, description: r.description ?? undefined, storeIds: r.storeIds });
    setCodes([...r.authorities, ...r.buttonAuthorities]);
    setAreaIds(r.areaIds.map(String));
  }, [form, role.data]);

  const save = useMutation({
    mutationFn: (values: RoleFormValues) => {
      const body: RoleCreateBody = {
        name: values.name,
        description: values.description,
        ...splitCodes(tree.data ?? [], codes),
        areaIds: areaIds.map(Number),
        storeIds: values.storeIds ?? [],
      };
      return id !== undefined
        ? api(RoleEndpoints.updateRole, { body: { ...body, id } })
        : api(RoleEndpoints.addRole, { body });
    },
    onSuccess: async () => {
      message.success(t('role.saved'));
      await queryClient.invalidateQueries({ queryKey: moduleKey(RoleEndpoints.listRoles) });
      await navigate('../index.html', { relative: 'path' });
    },
  });

  if (role.isLoading || tree.isLoading) return <Spin />;
  return (
    <Card>
      <Form<RoleFormValues>
        form={form}
        layout="vertical"
        style={{ maxWidth: 720 }}
        onFinish={(values) => save.mutate(values)}
        data-testid="role-form"
      >
        <Form.Item
          name="name"
          label={t('role.form.name')}
          rules={[{ required: true, whitespace: true }, { max: 64 }]}
        >
          <Input data-testid="role-form-name" />
        </Form.Item>
        <Form.Item name="description" label={t('role.form.description')} rules={[{ max: 500 }]}>
          <Input.TextArea rows={2} />
        </Form.Item>
        <Form.Item label={t('role.form.permissions')} extra={t('role.form.permissionsHelp')}>
          <Tree
            checkable
            checkStrictly
            defaultExpandAll
            selectable={false}
            treeData={permissionTreeData(tree.data ?? [], lang)}
            checkedKeys={codes}
            onCheck={(_keys, info) =>
              setCodes(toggleCode(tree.data ?? [], codes, String(info.node.key), info.checked))
            }
            data-testid="role-form-permissions"
          />
        </Form.Item>
        {!admin && (
          <>
            <Form.Item label={t('role.form.areas')} extra={t('role.form.areasHelp')}>
              <Tree
                checkable
                checkStrictly
                defaultExpandAll
                selectable={false}
                treeData={levelTreeData(levels.data ?? [], lang)}
                checkedKeys={areaIds}
                onCheck={(keys) =>
                  setAreaIds(Array.isArray(keys) ? keys.map(String) : keys.checked.map(String))
                }
                data-testid="role-form-areas"
              />
            </Form.Item>
            <Form.Item name="storeIds" label={t('role.form.stores')}>
              <Select
                mode="multiple"
                showSearch={{ optionFilterProp: 'label' }}
                options={(stores.data?.list ?? []).map((s) => ({
                  value: s.id,
                  label: `${s.storeNo} ${s.storeName}`,
                }))}
                data-testid="role-form-stores"
              />
            </Form.Item>
          </>
        )}
        <Space>
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="role-form-submit">
            {t('role.form.submit')}
          </Button>
          <Button onClick={() => navigate('../index.html', { relative: 'path' })}>
            {t('role.form.cancel')}
          </Button>
        </Space>
      </Form>
    </Card>
  );
}
