/** A text in the console's two offered languages. Traditional Chinese is defined but not offered (spec §1). */
export interface Label {
  zh: string;
  en: string;
}

/** A language the console offers: 'zh' (Simplified Chinese, the default) or 'en'. */
export type Lang = keyof Label;

/**
 * A name the company entered in Chinese and, optionally, in English (a region's `ename`, a dictionary
 * entry's `nameEn`), as a reader of `lang` sees it: the English one where it was given, else the Chinese.
 */
export function nameIn(lang: Lang, zh: string, en: string | null | undefined): string {
  return lang === 'en' && en ? en : zh;
}

/** One value of a numeric enum of the spec, with its labels. */
export interface EnumEntry<V extends number | string> {
  value: V;
  name: string;
  label: Label;
}

/** The named members of an enum: `DeviceState.DISABLED === 2`, typed as the literal value. */
export type EnumMembers<T extends readonly EnumEntry<number | string>[]> = {
  readonly [E in T[number] as E['name']]: E['value'];
};

/** The value type of an enum built by `defineEnum`: `EnumValue<typeof DeviceState>` is `0 | 1 | 2`. */
export type EnumValue<E extends { values: readonly unknown[] }> = E['values'][number];

/**
 * Builds an enum from its entries: named members (`DeviceState.DISABLED`), `labelOf(value, 'en')`,
 * `options(lang)` for selects, `values`, `entries`. Code names a value by its member, never by its
 * bare number.
 */
export function defineEnum<const T extends readonly EnumEntry<number | string>[]>(entries: T) {
  type V = T[number]['value'];
  const byValue = new Map<V, T[number]>(entries.map((e) => [e.value as V, e]));
  const members = Object.fromEntries(entries.map((e) => [e.name, e.value])) as EnumMembers<T>;
  return {
    ...members,
    entries,
    values: entries.map((e) => e.value) as V[],
    has(value: unknown): value is V {
      return byValue.has(value as V);
    },
    entryOf(value: V): T[number] | undefined {
      return byValue.get(value);
    },
    labelOf(value: V, lang: Lang = 'zh'): string {
      return byValue.get(value)?.label[lang] ?? String(value);
    },
    /** `{ value, label }` for every entry, in `lang`: what a select or a filter offers. */
    options(lang: Lang = 'zh'): { value: V; label: string }[] {
      return entries.map((e) => ({ value: e.value as V, label: e.label[lang] }));
    },
  };
}
