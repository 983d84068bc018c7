/**
 * Add and edit a user (both applications). Company application: customer admins and common users,
 * with a role of the company and, for common users, areas (level tree) and stores narrowing the
 * role. Admin application: platform users with an admin role, or customer admins of a chosen company.
 */
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  RoleEndpoints,
  StoreEndpoints,
  type User,
  type UserCreateBody,
  UserEndpoints,
  UserStatus,
  type UserStatusValue,
  UserType,
  type UserTypeNumber,
} from '@storefleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Input, Result, Select, Space, Spin, TreeSelect } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

import { api, apiQuery } from '@/shared/api/call';
import { fieldsNamed, serverFieldErrors, useFormPage, useFormRules, useIdParam } from '@/shared/form';
import { useLang } from '@/shared/i18n/useLang';
import { useScopeOptions } from '@/shared/org/useScopeOptions';
import { levelTreeData } from './level-tree-data';

/** Whether a user of this type holds its codes through a role (platform and common users). */
function roleHolder(userType: UserTypeNumber): boolean {
  return userType === UserType.PLATFORM_USER || userType === UserType.CUSTOMER_COMMON_USER;
}

interface UserFormValues {
  name: string;
  userName: string;
  password?: string;
  status: UserStatusValue;
  userType: UserTypeNumber;
  companyId?: number;
  /** Agent admins (type 2) only: the companies they work for. */
  companyIds?: number[];
  /** Platform and common users only: customer and agent admins hold every company code without a role. */
  roleId?: number;
  areaCodes?: string[];
  storeIds?: string[];
  description?: string;
  email?: string;
  cellphone?: string;
}

export interface UserFormPageProps {
  admin?: boolean;
  /** Edit the user named by `?id=`; otherwise add one. */
  edit?: boolean;
}

const userFieldOf = fieldsNamed<keyof UserFormValues>([
  'name',
  'userName',
  'password',
  'status',
  'userType',
  'companyId',
  'companyIds',
  'roleId',
  'areaCodes',
  'storeIds',
  'description',
  'email',
  'cellphone',
]);

/** The user list of both applications (the admin one sits under `/admin`, the router's base). */
const USER_LIST = '/user/index.html';

export function UserFormPage({ admin = false, edit = false }: UserFormPageProps) {
  const { t } = useTranslation();
  const rules = useFormRules();
  const { lang } = useLang();
  const idParam = useIdParam();
  const id = edit ? idParam : null;
  const [form] = Form.useForm<UserFormValues>();
  const userType =
    Form.useWatch('userType', form) ?? (admin ? UserType.PLATFORM_USER : UserType.CUSTOMER_COMMON_USER);
  const companyId = Form.useWatch('companyId', form);

  const user = useQuery({
    ...apiQuery(UserEndpoints.getUser, { params: { id: id ?? 0 } }),
    enabled: id !== null,
  });
  // Admin application: admin roles for platform users, the chosen company's roles for customer admins.
  const roleCompany = admin && userType !== UserType.PLATFORM_USER ? companyId : undefined;
  const roles = useQuery({
    ...apiQuery(RoleEndpoints.listRoles, { query: { pageNum: 1, pageSize: 1000, companyId: roleCompany } }),
    enabled: !admin || userType === UserType.PLATFORM_USER || roleCompany !== undefined,
  });
  const companies = useQuery({ ...apiQuery(StoreEndpoints.listCompanys), enabled: admin });
  const scoped = !admin && userType === UserType.CUSTOMER_COMMON_USER;
  const { levels, stores } = useScopeOptions(scoped);

  useEffect(() => {
    const u: User | undefined = user.data;
    if (!u) return;
    form.setFieldsValue({
      name: u.name,
      userName: u.userName,
      status: u.status,
      userType: u.userType,
      companyId: u.companyId ?? undefined,
      companyIds: u.userType === UserType.AGENT_CUSTOMER_ADMIN_USER ? u.companyIds : undefined,
      roleId: u.roleId ?? undefined,
      areaCodes: u.areaCodes,
      storeIds: u.storeIds,
      description: u.description ?? undefined,
      email: u.email ?? undefined,
      cellphone: u.cellphone ?? undefined,
    });
  }, [form, user.data]);

  const page = useFormPage({
    save: (values: UserFormValues) => {
      const body: Omit<UserCreateBody, 'password'> & { password?: string } = {
        ...values,
        companyId: admin && values.userType !== UserType.PLATFORM_USER ? values.companyId : undefined,
        companyIds:
          admin && values.userType === UserType.AGENT_CUSTOMER_ADMIN_USER
            ? agentCompanyIds(values)
            : undefined,
        areaCodes: values.userType === UserType.CUSTOMER_COMMON_USER ? (values.areaCodes ?? []) : [],
        storeIds: values.userType === UserType.CUSTOMER_COMMON_USER ? (values.storeIds ?? []) : [],
        roleId: roleHolder(values.userType) ? (values.roleId ?? null) : null,
      };
      if (id !== null) return api(UserEndpoints.updateUser, { body: { ...body, id } });
      return api(UserEndpoints.addUser, { body: { ...body, password: values.password ?? '' } });
    },
    invalidates: UserEndpoints.listUsers,
    savedMessage: t('user.saved'),
    list: USER_LIST,
  });
  const submit = async (values: UserFormValues) => {
    try {
      await page.submit(values);
    } catch (error) {
      // The request client has already shown the notice; the fields it names get their message too.
      form.setFields(serverFieldErrors(error, userFieldOf));
    }
  };

  if (edit && (id === null || user.isError))
    return <Result status="404" title={t('user.notFound')} data-testid="user-not-found" />;
  if (user.isLoading) return <Spin />;
  const types: readonly number[] = admin ? [0, 1, 2] : [1, 3];
  return (
    <Card>
      <Form<UserFormValues>
        form={form}
        layout="vertical"
        style={{ maxWidth: 640 }}
        initialValues={{
          status: 'ACTIVE',
          userType: admin ? UserType.PLATFORM_USER : UserType.CUSTOMER_COMMON_USER,
        }}
        onFinish={submit}
        data-testid="user-form"
      >
        <Form.Item name="userName" label={t('user.form.userName')} rules={[rules.required, { max: 64 }]}>
          <Input autoComplete="off" data-testid="user-form-user-name" />
        </Form.Item>
        <Form.Item name="name" label={t('user.form.name')} rules={[rules.required, { max: 64 }]}>
          <Input data-testid="user-form-name" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t(edit ? 'user.form.newPassword' : 'user.form.password')}
          extra={t('user.form.passwordRule', { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH })}
          rules={[{ required: !edit }, { min: PASSWORD_MIN_LENGTH }, { max: PASSWORD_MAX_LENGTH }]}
        >
          <Input.Password autoComplete="new-password" data-testid="user-form-password" />
        </Form.Item>
        <Form.Item name="userType" label={t('user.form.userType')} rules={[rules.required]}>
          <Select
            disabled={edit}
            options={UserType.options(lang).filter((o) => types.includes(o.value))}
            data-testid="user-form-user-type"
          />
        </Form.Item>
        {admin && userType !== UserType.PLATFORM_USER && (
          <Form.Item name="companyId" label={t('user.form.company')} rules={[rules.required]}>
            <Select
              disabled={edit}
              options={(companies.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
              data-testid="user-form-company"
            />
          </Form.Item>
        )}
        {admin && userType === UserType.AGENT_CUSTOMER_ADMIN_USER && (
          <Form.Item
            name="companyIds"
            label={t('user.form.companyIds')}
            extra={t('user.form.companyIdsHelp')}
            rules={[{ required: true, type: 'array', min: 1, message: t('common.required') }]}
          >
            <Select
              mode="multiple"
              optionFilterProp="label"
              options={(companies.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
              data-testid="user-form-company-ids"
            />
          </Form.Item>
        )}
        {roleHolder(userType) && (
          <Form.Item name="roleId" label={t('user.form.role')} rules={[rules.required]}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              loading={roles.isFetching}
              options={(roles.data?.list ?? []).map((r) => ({ value: r.id, label: r.name }))}
              data-testid="user-form-role"
            />
          </Form.Item>
        )}
        <Form.Item name="status" label={t('user.form.status')} rules={[rules.required]}>
          <Select options={UserStatus.options(lang)} />
        </Form.Item>
        {scoped && (
          <>
            <Form.Item name="areaCodes" label={t('user.form.areas')} extra={t('user.form.areasHelp')}>
              <TreeSelect
                multiple
                treeCheckable
                treeCheckStrictly={false}
                showCheckedStrategy={TreeSelect.SHOW_PARENT}
                treeData={levelTreeData(levels.data ?? [], lang)}
                data-testid="user-form-areas"
              />
            </Form.Item>
            <Form.Item name="storeIds" label={t('user.form.stores')}>
              <Select
                mode="multiple"
                showSearch={{ optionFilterProp: 'label' }}
                options={(stores.data?.list ?? []).map((s) => ({
                  value: String(s.id),
                  label: `${s.storeNo} ${s.storeName}`,
                }))}
                data-testid="user-form-stores"
              />
            </Form.Item>
          </>
        )}
        <Form.Item name="email" label={t('user.form.email')} rules={[{ type: 'email' }]}>
          <Input />
        </Form.Item>
        <Form.Item name="cellphone" label={t('user.form.cellphone')} rules={[{ max: 32 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="description" label={t('user.form.description')} rules={[{ max: 500 }]}>
          <Input.TextArea rows={3} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={page.submitting} data-testid="user-form-submit">
            {t('user.form.submit')}
          </Button>
          <Button onClick={page.cancel}>{t('user.form.cancel')}</Button>
        </Space>
      </Form>
    </Card>
  );
}

/** An agent admin's companies always include its own company (the one its role belongs to). */
function agentCompanyIds(values: UserFormValues): number[] {
  const own = values.companyId === undefined ? [] : [values.companyId];
  return [...new Set([...own, ...(values.companyIds ?? [])])];
}
