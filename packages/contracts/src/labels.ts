/** A text in the console's two offered languages. Traditional Chinese is defined but not offered (spec §1). */
export interface Label {
  zh: string;
  en: string;
}

/** A language the console offers: 'zh' (Simplified Chinese, the default) or 'en'. */
export type Lang = keyof Label;

/** One value of a numeric enum of the spec, with its labels. */
export interface EnumEntry<V extends number | string> {
  value: V;
  name: string;
  label: Label;
}

/** Builds a lookup from an enum's entries: `labelOf(value, 'en')`, `values`, `entries`. */
export function defineEnum<V extends number | string>(entries: readonly EnumEntry<V>[]) {
  const byValue = new Map<V, EnumEntry<V>>(entries.map((e) => [e.value, e]));
  return {
    entries,
    values: entries.map((e) => e.value) as V[],
    has(value: unknown): value is V {
      return byValue.has(value as V);
    },
    entryOf(value: V): EnumEntry<V> | undefined {
      return byValue.get(value);
    },
    labelOf(value: V, lang: keyof Label = 'zh'): string {
      return byValue.get(value)?.label[lang] ?? String(value);
    },
  };
}
