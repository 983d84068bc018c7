import type { ReactNode } from 'react';

/**
 * Stands in for antd's tooltip `UniqueProvider` inside ConfigProvider (vite.config.ts
 * `antdConfigProviderLean`). ConfigProvider renders it only with `tooltip={{ unique: true }}`, which the
 * console never sets; importing the real one put all of @rc-component/trigger (popup positioning,
 * 14 KB gzipped) into every page's start-up. Tooltips, popovers and selects still load the real trigger
 * with their own chunks.
 */
export default function NoTooltipUnique({ children }: { children?: ReactNode }) {
  return children;
}
