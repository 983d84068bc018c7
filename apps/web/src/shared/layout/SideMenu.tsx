import { theme } from 'antd';
import { type KeyboardEvent, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { usePermissions } from '../permissions/usePermissions';
import { buildMenu, type MenuEntry, openGroupKeys } from '../routes/menu';
import type { AppRoute } from '../routes/route-table';
import { useCurrentRoute } from '../routes/useCurrentRoute';
import { menuKeyOf } from './menu-owner';
import { menuVars, SIDE_MENU_CSS } from './side-menu-style';

/** Moves focus between the menu's visible items with the arrow keys, Home and End. */
function moveFocus(event: KeyboardEvent<HTMLElement>) {
  const keys = ['ArrowDown', 'ArrowUp', 'Home', 'End'];
  if (!keys.includes(event.key)) return;
  const items = [...event.currentTarget.querySelectorAll<HTMLElement>('.sf-menu-item')];
  const at = items.indexOf(document.activeElement as HTMLElement);
  const next =
    event.key === 'Home'
      ? 0
      : event.key === 'End'
        ? items.length - 1
        : Math.min(items.length - 1, Math.max(0, at + (event.key === 'ArrowDown' ? 1 : -1)));
  event.preventDefault();
  items[next]?.focus();
}

interface LevelProps {
  entries: readonly MenuEntry[];
  depth: number;
  selected: string;
  /** The selected entry is the page shown (not the module page of a hidden page shown). */
  selectedIsPage: boolean;
  open: readonly string[];
  toggle: (key: string) => void;
  t: (key: string) => string;
}

function ItemBody({ icon, text, chevron }: { icon: ReactNode; text: string; chevron?: boolean }) {
  return (
    <>
      {icon ? <span className="sf-menu-icon">{icon}</span> : null}
      <span className="sf-menu-text">{text}</span>
      {chevron === undefined ? null : (
        <span className={`sf-menu-chevron${chevron ? ' open' : ''}`} aria-hidden="true" />
      )}
    </>
  );
}

/** One level of the menu; a closed group does not render its pages (as antd's inline menu). */
function MenuLevel({ entries, depth, selected, selectedIsPage, open, toggle, t }: LevelProps) {
  const indent = { paddingInlineStart: 24 * depth } as const;
  return (
    <ul className="sf-menu-list">
      {entries.map((entry) => {
        const text = t(entry.titleKey);
        const testId = `menu:${entry.key}`;
        if (entry.children) {
          const isOpen = open.includes(entry.key);
          const holdsCurrent = openGroupKeys([entry], selected).length > 0;
          return (
            <li key={entry.key}>
              <button
                type="button"
                className={`sf-menu-item${holdsCurrent ? ' sf-menu-active' : ''}`}
                style={indent}
                aria-expanded={isOpen}
                onClick={() => toggle(entry.key)}
              >
                <span data-testid={testId} style={{ display: 'contents' }}>
                  <ItemBody icon={entry.icon} text={text} chevron={isOpen} />
                </span>
              </button>
              {isOpen ? (
                <MenuLevel
                  entries={entry.children}
                  depth={depth + 1}
                  selected={selected}
                  selectedIsPage={selectedIsPage}
                  open={open}
                  toggle={toggle}
                  t={t}
                />
              ) : null}
            </li>
          );
        }
        const current = entry.key === selected;
        const className = `sf-menu-item${current ? ' sf-menu-selected' : ''}`;
        return (
          <li key={entry.key}>
            {entry.externalUrl ? (
              <a
                className={className}
                style={indent}
                href={entry.externalUrl}
                target="_blank"
                rel="noopener noreferrer"
                data-testid={testId}
              >
                <ItemBody icon={entry.icon} text={text} />
              </a>
            ) : (
              <Link
                className={className}
                style={indent}
                to={entry.key}
                aria-current={current ? (selectedIsPage ? 'page' : 'true') : undefined}
                data-testid={testId}
              >
                <ItemBody icon={entry.icon} text={text} />
              </Link>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The side menu: only the pages the user's codes allow, hidden pages left out (spec §2, §6). Groups open
 * and close on a click (Enter/Space); arrow keys, Home and End move between the items shown; the current
 * page is highlighted and its group opened — for a hidden page (a store's page, device details), the
 * page of its module it belongs to (menu-owner.ts); external links open in a new tab. A list of its own rather
 * than antd's Menu, which costs every signed-in page ≈ 15 KB gzipped (docs/decisions/web.md).
 */
export function SideMenu({ routes }: { routes: readonly AppRoute[] }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { authorities } = usePermissions();
  const current = useCurrentRoute();
  const entries = useMemo(() => buildMenu(routes, authorities), [routes, authorities]);
  const selected = useMemo(() => menuKeyOf(entries, current), [entries, current]);
  const selectedIsPage = selected !== '' && selected === current?.fullPath;
  const [openKeys, setOpenKeys] = useState<string[]>(() => openGroupKeys(entries, selected));
  const nav = useRef<HTMLElement>(null);

  // Opening a page (from a link, the URL or history) opens its group without closing the others.
  useEffect(() => {
    const needed = openGroupKeys(entries, selected);
    setOpenKeys((open) => [...new Set([...open, ...needed])]);
  }, [entries, selected]);

  const toggle = (key: string) =>
    setOpenKeys((open) => (open.includes(key) ? open.filter((k) => k !== key) : [...open, key]));

  return (
    <nav
      ref={nav}
      className="sf-menu"
      aria-label={t('shell.menu')}
      style={menuVars(token)}
      onKeyDown={moveFocus}
      data-testid="side-menu"
    >
      <style href="storefleet-side-menu" precedence="medium">
        {SIDE_MENU_CSS}
      </style>
      <MenuLevel
        entries={entries}
        depth={1}
        selected={selected}
        selectedIsPage={selectedIsPage}
        open={openKeys}
        toggle={toggle}
        t={t}
      />
    </nav>
  );
}
