/**
 * The alert recipient pages' pure half: a recipient's contact as the list shows it (its own address or
 * the user's), the form's values ↔ the add/update body (checked with the contract's schema), the
 * region cascader's paths ↔ level ids, and which form field a server refusal belongs to.
 */
import {
  type AlertSender,
  AlertSenderBody,
  applyDefaultSchemaMessages,
  type Lang,
  type RecipientLanguage,
  type RegionLevelTreeNode,
  SendType,
  schemaMessage,
} from '@storefleet/contracts';

import {
  type FormFieldErrors,
  groupByField,
  serverFieldErrors as sharedServerFieldErrors,
} from '@/shared/form/form-errors';

applyDefaultSchemaMessages();

/** Where the recipient pages live. */
export const SENDER_LIST = '/config/alarm/index.html';

export interface SenderFormValues {
  accountId?: number | null;
  name?: string;
  email?: string;
  phone?: string;
  sendType?: number[];
  minLevel?: number;
  /** The language its messages are worded in. */
  language?: RecipientLanguage;
  /** Store ids (text), from the store select. */
  stores?: string[];
  /** Paths of the region cascader (region → province → city); each covers its last level. */
  regions?: string[][];
}

export type SenderFormField = keyof SenderFormValues;

export const NEW_SENDER_VALUES: SenderFormValues = {
  sendType: [1],
  minLevel: 1,
  language: 'zh-CN',
  stores: [],
  regions: [],
};

/** The address a recipient is reached at and whether it is the user's (none: null). */
export function contactOf(
  own: string | null,
  fromUser: string | null,
): { text: string; fromUser: boolean } | null {
  if (own) return { text: own, fromUser: false };
  if (fromUser) return { text: fromUser, fromUser: true };
  return null;
}

/** The level id each cascader path ends at, without repeats. */
export function levelIdsOfPaths(paths: readonly (readonly string[])[]): string[] {
  const ids: string[] = [];
  for (const path of paths) {
    const last = path[path.length - 1];
    if (last && !ids.includes(last)) ids.push(last);
  }
  return ids;
}

/** The cascader path (region … level) of each level id found in the tree; unknown ids are left out. */
export function pathsOfLevels(tree: readonly RegionLevelTreeNode[], ids: readonly string[]): string[][] {
  const paths: string[][] = [];
  const walk = (nodes: readonly RegionLevelTreeNode[], above: string[]) => {
    for (const node of nodes) {
      const path = [...above, String(node.id)];
      if (ids.includes(String(node.id))) paths.push(path);
      walk(node.childLevel, path);
    }
  };
  walk(tree, []);
  return paths;
}

/** A stored recipient as the edit form's values (its own addresses only: the user's stay the user's). */
export function formValuesOfSender(
  sender: AlertSender,
  tree: readonly RegionLevelTreeNode[],
): SenderFormValues {
  return {
    accountId: sender.accountId,
    name: sender.accountId === null ? sender.name : '',
    email: sender.email ?? '',
    phone: sender.phone ?? '',
    sendType: [...sender.sendType],
    minLevel: sender.minLevel,
    language: sender.language,
    stores: [...sender.shopId],
    regions: pathsOfLevels(tree, sender.areaCodes),
  };
}

/** The form field a body field belongs to; null when the form shows none. */
export function formFieldOf(bodyField: string): SenderFormField | null {
  const name = bodyField.replace(/^body\.?/, '').split(/[.[]/)[0] ?? '';
  if (name === 'shopId') return 'stores';
  if (name === 'areaCodes') return 'regions';
  const fields: readonly SenderFormField[] = [
    'accountId',
    'name',
    'email',
    'phone',
    'sendType',
    'minLevel',
    'language',
  ];
  return (fields as readonly string[]).includes(name) ? (name as SenderFormField) : null;
}

export type ParsedSenderForm =
  | { ok: true; body: AlertSenderBody }
  | { ok: false; errors: FormFieldErrors<SenderFormField>[] };

export interface SenderUser {
  email: string | null;
  cellphone: string | null;
}

/**
 * Form values → the add body, checked by the contract's schema and the rules the server adds (a name
 * for an outside contact, an address for each way of sending, a store or region), so the page refuses
 * what the server would. `user` is the picked user's contact (its addresses stand in for empty ones).
 */
export function parseSenderForm(
  values: SenderFormValues,
  user: SenderUser | null,
  lang: Lang = 'zh',
): ParsedSenderForm {
  const candidate = {
    accountId: values.accountId ?? null,
    name: values.name ?? '',
    email: values.email ?? '',
    phone: values.phone ?? '',
    sendType: values.sendType ?? [],
    shopId: values.stores ?? [],
    areaCodes: levelIdsOfPaths(values.regions ?? []),
    minLevel: values.minLevel ?? null,
    language: values.language ?? 'zh-CN',
  };
  const result = AlertSenderBody.safeParse(candidate);
  const problems = result.success
    ? []
    : result.error.issues.map((issue) => ({
        field: issue.path.map(String).join('.'),
        message: schemaMessage(issue.message, lang),
      }));
  const zh = lang === 'zh';
  if (candidate.accountId === null && candidate.name.trim() === '')
    problems.push({
      field: 'name',
      message: zh
        ? '外部联系人（未选择用户）必须填写姓名'
        : 'is required for an outside contact (no accountId)',
    });
  const email = candidate.email.trim() || user?.email;
  const phone = candidate.phone.trim() || user?.cellphone;
  if (candidate.sendType.includes(SendType.EMAIL) && !email)
    problems.push({
      field: 'email',
      message: zh ? '选择邮件通知时必须填写' : 'is required to send by email',
    });
  if (
    (candidate.sendType.includes(SendType.SMS) || candidate.sendType.includes(SendType.PHONE_CALL)) &&
    !phone
  )
    problems.push({
      field: 'phone',
      message: zh ? '选择短信或电话通知时必须填写' : 'is required to send by SMS or phone call',
    });
  if (candidate.shopId.length + candidate.areaCodes.length === 0)
    problems.push({
      field: 'shopId',
      message: zh ? '至少选择一个门店或区域' : 'must name at least one store or region',
    });
  if (result.success && problems.length === 0) return { ok: true, body: result.data };
  return { ok: false, errors: groupByField(problems, formFieldOf) };
}

/** The failed fields of a refused save, on the recipient form's fields. */
export function serverFieldErrors(error: unknown): FormFieldErrors<SenderFormField>[] {
  return sharedServerFieldErrors(error, formFieldOf);
}
