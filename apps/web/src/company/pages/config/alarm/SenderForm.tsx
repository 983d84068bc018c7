/**
 * The alert recipient form of the add and edit pages: who (a company user, or an outside contact with a
 * name), how (send types and the addresses they need; a user's own fill in empty ones; the language its
 * messages are worded in), and which alerts
 * (stores, whole regions, the lowest level). Checked here as the server checks; a 400 from the server
 * puts its messages on the fields.
 */
import {
  type AlertSenderBody,
  AlertSenderEndpoints,
  RECIPIENT_LANGUAGES,
  SendType,
} from '@storefleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Cascader, Checkbox, Form, Input, Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAlertLevels } from '@/shared/alerts/AlertLevelTag';
import { apiQuery } from '@/shared/api/call';
import { FormCard, FormCol, FormFooter, StorePicker, submitChecked } from '@/shared/form';
import { useLang } from '@/shared/i18n/useLang';
import { levelTreeQuery } from '@/shared/org/level-tree-query';
import { regionOptions } from '@/shared/org/region-path';
import { useScopeStores } from '@/shared/org/useScopeStores';
import { parseSenderForm, type SenderFormValues, serverFieldErrors } from './sender-values';

export interface SenderFormProps {
  initialValues: SenderFormValues;
  submitting: boolean;
  /** Saves the checked body; a rejection with a 400 listing fields marks those fields. */
  onSubmit: (body: AlertSenderBody) => Promise<unknown>;
  onCancel: () => void;
}

export function SenderForm({ initialValues, submitting, onSubmit, onCancel }: SenderFormProps) {
  const { t } = useTranslation();
  const { lang, english } = useLang();
  const [form] = Form.useForm<SenderFormValues>();
  const accounts = useQuery({ ...apiQuery(AlertSenderEndpoints.listSenderAccounts), staleTime: 60_000 });
  const levels = useAlertLevels();
  const tree = useQuery(levelTreeQuery());
  const stores = useScopeStores({ staleTime: 5 * 60_000 });
  const accountId = Form.useWatch('accountId', form);
  const user = useMemo(
    () => (accountId ? ((accounts.data ?? []).find((a) => a.id === accountId) ?? null) : null),
    [accountId, accounts.data],
  );

  const accountOptions = useMemo(
    () =>
      (accounts.data ?? []).map((a) => ({
        value: a.id,
        label: `${a.name} (${a.accountName})`,
      })),
    [accounts.data],
  );
  const storeOptions = useMemo(
    () =>
      (stores.data ?? []).map((s) => ({ value: String(s.shopId), label: `${s.storeName} (${s.storeNo})` })),
    [stores.data],
  );
  const regionChoices = useMemo(
    () => regionOptions(tree.data ?? [], [], english, false),
    [tree.data, english],
  );
  const sendTypes = useMemo(
    () => SendType.entries.map((e) => ({ value: e.value, label: SendType.labelOf(e.value, lang) })),
    [lang],
  );

  const languages = useMemo(
    () => RECIPIENT_LANGUAGES.map((value) => ({ value, label: t(`alertSenders.language.${value}`) })),
    [t],
  );

  const submit = (values: SenderFormValues) =>
    submitChecked(parseSenderForm(values, user, lang), onSubmit, serverFieldErrors, form.setFields);

  const fromUser = (value: string | null | undefined) =>
    user ? t('alertSenders.form.addressHelp', { value: value || t('alertSenders.none') }) : undefined;

  return (
    <Form<SenderFormValues>
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onFinish={submit}
      data-testid="alert-sender-form"
    >
      <FormCard title={t('alertSenders.form.who')}>
        <FormCol>
          <Form.Item
            name="accountId"
            label={t('alertSenders.field.account')}
            extra={t('alertSenders.form.accountHelp')}
          >
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              options={accountOptions}
              loading={accounts.isFetching}
              placeholder={t('common.pleaseSelect')}
              data-testid="alert-sender-form-account"
            />
          </Form.Item>
        </FormCol>
        {!accountId && (
          <FormCol>
            <Form.Item name="name" label={t('alertSenders.field.name')}>
              <Input
                allowClear
                maxLength={64}
                placeholder={t('common.pleaseEnter')}
                data-testid="alert-sender-form-name"
              />
            </Form.Item>
          </FormCol>
        )}
      </FormCard>
      <FormCard title={t('alertSenders.form.how')}>
        <FormCol>
          <Form.Item name="sendType" label={t('alertSenders.field.sendType')}>
            <Checkbox.Group options={sendTypes} data-testid="alert-sender-form-send-type" />
          </Form.Item>
        </FormCol>
        <FormCol>
          <Form.Item name="email" label={t('alertSenders.field.email')} extra={fromUser(user?.email)}>
            <Input
              allowClear
              maxLength={128}
              placeholder={t('common.pleaseEnter')}
              data-testid="alert-sender-form-email"
            />
          </Form.Item>
        </FormCol>
        <FormCol>
          <Form.Item
            name="phone"
            label={t('alertSenders.field.phone')}
            extra={fromUser(user?.cellphone) ?? t('alertSenders.form.phoneHelp')}
          >
            <Input
              allowClear
              maxLength={32}
              placeholder={t('common.pleaseEnter')}
              data-testid="alert-sender-form-phone"
            />
          </Form.Item>
        </FormCol>
        <FormCol>
          <Form.Item
            name="language"
            label={t('alertSenders.field.language')}
            extra={t('alertSenders.form.languageHelp')}
          >
            <Select options={languages} data-testid="alert-sender-form-language" />
          </Form.Item>
        </FormCol>
      </FormCard>
      <FormCard title={t('alertSenders.form.what')}>
        <FormCol>
          <Form.Item
            name="regions"
            label={t('alertSenders.field.regions')}
            extra={t('alertSenders.form.regionsHelp')}
          >
            <Cascader
              multiple
              allowClear
              showSearch
              maxTagCount="responsive"
              showCheckedStrategy={Cascader.SHOW_PARENT}
              options={regionChoices}
              loading={tree.isFetching}
              placeholder={t('common.pleaseSelect')}
              data-testid="alert-sender-form-regions"
            />
          </Form.Item>
        </FormCol>
        <FormCol>
          <Form.Item name="stores" label={t('alertSenders.field.stores')}>
            <StorePicker
              maxTagCount="responsive"
              options={storeOptions}
              loading={stores.isFetching}
              placeholder={t('common.pleaseSelect')}
              data-testid="alert-sender-form-stores"
            />
          </Form.Item>
        </FormCol>
        <FormCol>
          <Form.Item
            name="minLevel"
            label={t('alertSenders.field.minLevel')}
            extra={t('alertSenders.form.minLevelHelp')}
          >
            <Select
              options={levels.options}
              loading={levels.loading}
              placeholder={t('common.pleaseSelect')}
              data-testid="alert-sender-form-min-level"
            />
          </Form.Item>
        </FormCol>
      </FormCard>
      <FormFooter
        submitting={submitting}
        submitLabel={t('alertSenders.form.submit')}
        cancelLabel={t('alertSenders.form.cancel')}
        onCancel={onCancel}
        testId="alert-sender-form-submit"
      />
    </Form>
  );
}
