/**
 * /config/alarm/index.html: the company's alert recipients. Filters (name, email, phone, send type,
 * store) and paging live in the query string; add, edit and delete sit behind `alert-sender:edit`.
 */
import { type AlertSender, AlertSenderEndpoints, BUTTON, SendType } from '@storefleet/contracts';
import { Button, Empty, Form, Input, Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

import { useCallMutation } from '@/shared/api/useCallMutation';
import { fromHere } from '@/shared/form';
import { useLang } from '@/shared/i18n/useLang';
import {
  actionsColumn,
  type FilterSpec,
  type ListColumns,
  ListFilterForm,
  ListTable,
  useListPage,
} from '@/shared/list';
import { useScopeStores } from '@/shared/org/useScopeStores';
import { Access } from '@/shared/permissions/Access';
import {
  MinLevel,
  SenderContact,
  SenderCoverage,
  SenderLanguage,
  SenderName,
  SendTypeTags,
} from './SenderCells';

const FILTERS = {
  name: 'text',
  email: 'text',
  phone: 'text',
  sendType: 'text',
  shopId: 'text',
} as const satisfies FilterSpec;

export default function AlertSendersPage() {
  const { t } = useTranslation();
  const { lang } = useLang();
  const location = useLocation();
  const list = useListPage({ endpoint: AlertSenderEndpoints.querySender, filters: FILTERS, rowKey: 'id' });
  const stores = useScopeStores({ staleTime: 5 * 60_000 });
  const remove = useCallMutation(AlertSenderEndpoints.deleteSender, {
    input: (id: number) => ({ query: { id } }),
    successMessage: t('alertSenders.message.deleted'),
  });

  const columns = useMemo<ListColumns<AlertSender>>(
    () => [
      {
        key: 'name',
        title: t('alertSenders.field.name'),
        width: 200,
        render: (_: unknown, row) => <SenderName sender={row} />,
      },
      {
        key: 'email',
        title: t('alertSenders.field.email'),
        width: 220,
        render: (_: unknown, row) => <SenderContact own={row.email} fromUser={row.userEmail} />,
      },
      {
        key: 'phone',
        title: t('alertSenders.field.phone'),
        width: 180,
        render: (_: unknown, row) => <SenderContact own={row.phone} fromUser={row.userPhone} />,
      },
      {
        key: 'sendType',
        title: t('alertSenders.field.sendType'),
        width: 160,
        render: (_: unknown, row) => <SendTypeTags types={row.sendType} />,
      },
      {
        key: 'minLevel',
        title: t('alertSenders.field.minLevel'),
        width: 150,
        render: (_: unknown, row) => <MinLevel level={row.minLevel} />,
      },
      {
        key: 'language',
        title: t('alertSenders.field.language'),
        width: 120,
        render: (_: unknown, row) => <SenderLanguage sender={row} />,
      },
      {
        key: 'coverage',
        title: t('alertSenders.field.coverage'),
        render: (_: unknown, row) => <SenderCoverage sender={row} />,
      },
      actionsColumn<AlertSender>({
        title: t('alertSenders.field.actions'),
        width: 180,
        actions: (row) => [
          {
            key: 'details',
            label: t('alertSenders.action.details'),
            codes: [],
            to: `/config/alarm/details.html?id=${row.id}`,
            testId: `alert-sender-details-${row.id}`,
          },
          {
            key: 'edit',
            label: t('alertSenders.action.edit'),
            codes: [BUTTON.alertSenderEdit],
            to: `/config/alarm/update.html?id=${row.id}`,
            testId: `alert-sender-edit-${row.id}`,
          },
          {
            key: 'delete',
            label: t('alertSenders.action.delete'),
            codes: [BUTTON.alertSenderEdit],
            danger: true,
            confirm: t('alertSenders.confirm.delete'),
            onClick: () => remove.mutateAsync(row.id),
            testId: `alert-sender-delete-${row.id}`,
          },
        ],
      }),
    ],
    [t, remove],
  );

  const sendTypeOptions = SendType.entries.map((e) => ({
    value: String(e.value),
    label: SendType.labelOf(e.value, lang),
  }));
  const storeOptions = (stores.data ?? []).map((s) => ({ value: String(s.shopId), label: s.storeName }));

  return (
    <div data-testid="alert-senders">
      <ListFilterForm list={list}>
        <Form.Item name="name" label={t('alertSenders.field.name')}>
          <Input allowClear placeholder={t('common.pleaseEnter')} data-testid="alert-sender-filter-name" />
        </Form.Item>
        <Form.Item name="email" label={t('alertSenders.field.email')}>
          <Input allowClear placeholder={t('common.pleaseEnter')} data-testid="alert-sender-filter-email" />
        </Form.Item>
        <Form.Item name="phone" label={t('alertSenders.field.phone')}>
          <Input allowClear placeholder={t('common.pleaseEnter')} data-testid="alert-sender-filter-phone" />
        </Form.Item>
        <Form.Item name="sendType" label={t('alertSenders.field.sendType')}>
          <Select
            allowClear
            options={sendTypeOptions}
            placeholder={t('common.pleaseSelect')}
            data-testid="alert-sender-filter-send-type"
          />
        </Form.Item>
        <Form.Item name="shopId" label={t('alertSenders.field.stores')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            options={storeOptions}
            loading={stores.isFetching}
            placeholder={t('common.pleaseSelect')}
            data-testid="alert-sender-filter-store"
          />
        </Form.Item>
      </ListFilterForm>
      <Access codes={[BUTTON.alertSenderEdit]}>
        <div style={{ marginBottom: 16 }}>
          <Link to="/config/alarm/save.html" state={fromHere(location)}>
            <Button type="primary" data-testid="alert-sender-add">
              {t('alertSenders.action.add')}
            </Button>
          </Link>
        </div>
      </Access>
      <ListTable<AlertSender>
        {...list.tableProps}
        columns={columns}
        size="middle"
        scroll={{ x: 1320 }}
        locale={{ emptyText: <Empty description={t('alertSenders.empty')} /> }}
        data-testid="alert-sender-table"
      />
    </div>
  );
}
