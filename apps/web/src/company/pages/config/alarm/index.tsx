/**
 * /config/alarm/index.html: the company's alert recipients. Filters (name, email, phone, send type,
 * store) and paging live in the query string; add, edit and delete sit behind `alert-sender:edit`.
 */
import { type AlertSender, AlertSenderEndpoints, BUTTON, SendType } from '@storefleet/contracts';
import { Empty, Form, Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { useCallMutation } from '@/shared/api/useCallMutation';
import { useLang } from '@/shared/i18n/useLang';
import {
  actionsColumn,
  type FilterSpec,
  type ListColumns,
  ListFilterForm,
  ListTable,
  useListPage,
} from '@/shared/list';
import { ListAddButton } from '@/shared/list/ListAddButton';
import { TextFilter } from '@/shared/list/TextFilter';
import { useScopeStores } from '@/shared/org/useScopeStores';
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
        <TextFilter name="name" label={t('alertSenders.field.name')} testId="alert-sender-filter-name" />
        <TextFilter name="email" label={t('alertSenders.field.email')} testId="alert-sender-filter-email" />
        <TextFilter name="phone" label={t('alertSenders.field.phone')} testId="alert-sender-filter-phone" />
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
      <ListAddButton
        code={BUTTON.alertSenderEdit}
        to="/config/alarm/save.html"
        label={t('alertSenders.action.add')}
        testId="alert-sender-add"
      />
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
