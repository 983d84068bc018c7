/**
 * Add and edit a role: name, description, the permission codes (a tree of menu, page and button codes
 * the caller may grant) and, in the company application, the data scope (an area tree of regions,
 * provinces and cities, and stores). A role naming no areas and no stores covers the whole company.
 */
import { type RoleCreateBody, RoleEndpoints } from '@storefleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Input, Result, Select, Space, Spin, Tree } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { api, apiQuery } from '@/shared/api/call';
import { fieldsNamed, serverFieldErrors, useFormPage, useFormRules, useIdParam } from '@/shared/form';
import { useLang } from '@/shared/i18n/useLang';
import { useAppRoutes } from '@/shared/layout/app-routes-context';
import { useScopeOptions } from '@/shared/org/useScopeOptions';
import { levelTreeData } from '../user/level-tree-data';
import { offeredTree, permissionTreeData, routeCodes, splitCodes, toggleCode } from './permission-tree';

interface RoleFormValues {
  name: string;
  description?: string;
  storeIds?: number[];
}

/** The form fields a refused save can name (codes and areas are trees outside the form's values). */
const roleFieldOf = fieldsNamed<keyof RoleFormValues>(['name', 'description', 'storeIds']);

export interface RoleFormPageProps {
  admin?: boolean;
  edit?: boolean;
}

/** The role list of both applications (the admin one sits under `/admin`, the router's base). */
const ROLE_LIST = '/role/index.html';

export function RoleFormPage({ admin = false, edit = false }: RoleFormPageProps) {
  const { t } = useTranslation();
  const rules = useFormRules();
  const { lang } = useLang();
  const idParam = useIdParam();
  const id = edit ? idParam : null;
  const [form] = Form.useForm<RoleFormValues>();
  const [codes, setCodes] = useState<string[]>([]);
  const [areaIds, setAreaIds] = useState<string[]>([]);

  const role = useQuery({
    ...apiQuery(RoleEndpoints.getRole, { params: { id: id ?? 0 } }),
    enabled: id !== null,
  });
  const tree = useQuery(apiQuery(RoleEndpoints.getPermissionTree));
  const { levels, stores } = useScopeOptions(!admin);
  // Only codes whose pages exist in this application are offered; held codes of others are kept.
  const routes = useAppRoutes();
  const offered = useMemo(() => offeredTree(tree.data ?? [], routeCodes(routes)), [tree.data, routes]);

  useEffect(() => {
    const r = role.data;
    if (!r) return;
    form.setFieldsValue({ name: r.name, description: r.description ?? undefined, storeIds: r.storeIds });
    setCodes([...r.authorities, ...r.buttonAuthorities]);
    setAreaIds(r.areaIds.map(String));
  }, [form, role.data]);

  const page = useFormPage({
    save: (values: RoleFormValues) => {
      const body: RoleCreateBody = {
        name: values.name,
        description: values.description,
        ...splitCodes(tree.data ?? [], codes),
        areaIds: areaIds.map(Number),
        storeIds: values.storeIds ?? [],
      };
      return id !== null
        ? api(RoleEndpoints.updateRole, { body: { ...body, id } })
        : api(RoleEndpoints.addRole, { body });
    },
    invalidates: RoleEndpoints.listRoles,
    savedMessage: t('role.saved'),
    list: ROLE_LIST,
  });
  const submit = async (values: RoleFormValues) => {
    try {
      await page.submit(values);
    } catch (error) {
      // The request client has already shown the notice; the fields it names get their message too.
      form.setFields(serverFieldErrors(error, roleFieldOf));
    }
  };

  if (edit && (id === null || role.isError))
    return <Result status="404" title={t('role.notFound')} data-testid="role-not-found" />;
  if (role.isLoading || tree.isLoading) return <Spin />;
  return (
    <Card>
      <Form<RoleFormValues>
        form={form}
        layout="vertical"
        style={{ maxWidth: 720 }}
        onFinish={submit}
        data-testid="role-form"
      >
        <Form.Item name="name" label={t('role.form.name')} rules={[rules.required, { max: 64 }]}>
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
            treeData={permissionTreeData(offered, lang)}
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
          <Button type="primary" htmlType="submit" loading={page.submitting} data-testid="role-form-submit">
            {t('role.form.submit')}
          </Button>
          <Button onClick={page.cancel}>{t('role.form.cancel')}</Button>
        </Space>
      </Form>
    </Card>
  );
}
