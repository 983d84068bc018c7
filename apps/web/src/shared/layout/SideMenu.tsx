import { Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { usePermissions } from '../permissions/usePermissions';
import { buildMenu, type MenuEntry, openGroupKeys } from '../routes/menu';
import type { AppRoute } from '../routes/route-table';
import { useCurrentRoute } from '../routes/useCurrentRoute';

type Item = Required<MenuProps>['items'][number];

function toItems(entries: readonly MenuEntry[], t: (key: string) => string): Item[] {
  return entries.map((entry) => {
    const text = t(entry.titleKey);
    const testId = `menu:${entry.key}`;
    if (entry.children) {
      return {
        key: entry.key,
        icon: entry.icon,
        label: (
          <span key={entry.key} data-testid={testId}>
            {text}
          </span>
        ),
        children: toItems(entry.children, t),
      };
    }
    const label = entry.externalUrl ? (
      <a
        key={entry.key}
        href={entry.externalUrl}
        target="_blank"
        rel="noopener noreferrer"
        data-testid={testId}
      >
        {text}
      </a>
    ) : (
      <Link key={entry.key} to={entry.key} data-testid={testId}>
        {text}
      </Link>
    );
    return { key: entry.key, icon: entry.icon, label };
  });
}

/** The side menu: only the pages the user's codes allow, hidden pages left out (spec §2, §6). */
export function SideMenu({ routes }: { routes: readonly AppRoute[] }) {
  const { t } = useTranslation();
  const { authorities } = usePermissions();
  const current = useCurrentRoute();
  const entries = useMemo(() => buildMenu(routes, authorities), [routes, authorities]);
  const items = useMemo(() => toItems(entries, t), [entries, t]);
  const selected = current?.fullPath ?? '';
  const [openKeys, setOpenKeys] = useState<string[]>(() => openGroupKeys(entries, selected));

  // Opening a page (from a link, the URL or history) opens its group without closing the others.
  useEffect(() => {
    const needed = openGroupKeys(entries, selected);
    setOpenKeys((open) => [...new Set([...open, ...needed])]);
  }, [entries, selected]);

  return (
    <div data-testid="side-menu">
      <Menu
        mode="inline"
        items={items}
        selectedKeys={[selected]}
        openKeys={openKeys}
        onOpenChange={setOpenKeys}
        style={{ borderInlineEnd: 0 }}
      />
    </div>
  );
}
