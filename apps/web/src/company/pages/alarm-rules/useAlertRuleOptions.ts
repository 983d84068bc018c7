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
import { useAlertLevels } from '@/shared/alerts/AlertLevelTag';
import { apiQuery } from '@/shared/api/call';
import { useLang } from '@/shared/i18n/useLang';

export interface Option<V> {
  value: V;
  label: string;
}

/** The alert types the server offers (getAlertType), named in the console's language where known. */
export function useAlertTypes() {
  const { lang } = useLang();
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
  const { english, lang } = useLang();
  const levels = useAlertLevels();
  const alertTypes = useAlertTypes();
  const fixed = useMemo(
    () => ({
      /** Every connect type, for labels and filters (rules may hold Ping/EAgent too). */
      connectTypes: ConnectType.options(lang),
      /** What the form offers for a new rule (spec §9: 1–3). */
      formConnectTypes: ConnectType.options(lang).filter((o) =>
        (FORM_CONNECT_TYPES as readonly number[]).includes(o.value),
      ),
      productTypes: ProductType.options(lang),
      triggerTypes: TRIGGER_TYPES.map((e) => ({ value: e.value, label: e.label[lang] })),
      operators: AlertOperator.options(lang),
    }),
    [lang],
  );
  return { english, lang, levels, alertTypes, ...fixed };
}

/** What the alert rule form offers to choose from. */
export type AlertRuleOptions = ReturnType<typeof useAlertRuleOptions>;
