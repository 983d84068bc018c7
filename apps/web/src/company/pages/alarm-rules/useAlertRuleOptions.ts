import {
  AlertEndpoints,
  AlertOperator,
  AlertType,
  ConnectType,
  FORM_CONNECT_TYPES,
  ProductType,
  TRIGGER_TYPES,
} from '@storefleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { apiQuery } from '../../../shared/api/call';
import { useAlertLevels } from './AlertLevelTag';

export interface Option<V> {
  value: V;
  label: string;
}

/** The alert types the server offers (getAlertType), named in the console's language where known. */
export function useAlertTypes() {
  const { i18n } = useTranslation();
  const lang: 'en' | 'zh' = i18n.language === 'en-US' ? 'en' : 'zh';
  const query = useQuery({
    ...apiQuery(AlertEndpoints.getAlertType),
    staleTime: 10 * 60_000,
  });
  const options = useMemo<Option<number>[]>(
    () =>
      (query.data ?? []).map((item) => ({
        value: item.code,
        label: AlertType.has(item.code) ? AlertType.labelOf(item.code, lang) : item.name,
      })),
    [query.data, lang],
  );
  return { options, loading: query.isFetching };
}

/** Every choice list of the alert rule pages, in the console's language. */
export function useAlertRuleOptions() {
  const { i18n } = useTranslation();
  const english = i18n.language === 'en-US';
  const lang: 'en' | 'zh' = english ? 'en' : 'zh';
  const levels = useAlertLevels();
  const alertTypes = useAlertTypes();
  const fixed = useMemo(
    () => ({
      /** Every connect type, for labels and filters (rules may hold Ping/EAgent too). */
      connectTypes: ConnectType.entries.map((e) => ({ value: e.value, label: e.label[lang] })),
      /** What the form offers for a new rule (spec §9: 1–3). */
      formConnectTypes: ConnectType.entries
        .filter((e) => (FORM_CONNECT_TYPES as readonly number[]).includes(e.value))
        .map((e) => ({ value: e.value, label: e.label[lang] })),
      productTypes: ProductType.entries.map((e) => ({ value: e.value, label: e.label[lang] })),
      triggerTypes: TRIGGER_TYPES.map((e) => ({ value: e.value, label: e.label[lang] })),
      operators: AlertOperator.entries.map((e) => ({ value: e.value, label: e.label[lang] })),
    }),
    [lang],
  );
  return { english, lang, levels, alertTypes, ...fixed };
}
