import { type ComponentType, type LazyExoticComponent, lazy, type ReactNode } from 'react';

/**
 * One entry of an application's route table. The same table drives the router, the side menu, the
 * breadcrumbs and the home redirect, so a page is declared exactly once.
 *
 * - `path` is relative to the parent entry (or to the application root for top-level entries) and
 *   keeps the spec's `.html` form: `'device'` for a module group, `'index.html'` for its page,
 *   `'store/:id.html'` for a page with an id.
 * - `codes` are menu permission codes (sign-in `authorities`); all of them are required, and an
 *   entry also needs every code of the entries above it.
 * - `titleKey` is the i18n key shown in the menu, breadcrumbs and document title (`menu.*`).
 * - `buttonCodes` are button codes (sign-in `buttonAuthorities`) a page also needs, all of them: a
 *   form page needs the code of the button that opens it (`update.html` the module's update code),
 *   so a user who may not edit gets the 403 page inside the shell, not a form refused on save.
 * - `hidden` keeps a routable page out of the menu (detail and edit pages).
 * - `externalUrl` makes a menu-only entry that opens in a new tab; it has no page.
 * - `page` is a lazily loaded component (`lazy(() => import('./pages/…'))`); group entries have none.
 */
export interface AppRoute {
  path: string;
  titleKey: string;
  codes?: readonly string[];
  buttonCodes?: readonly string[];
  icon?: ReactNode;
  hidden?: boolean;
  externalUrl?: string;
  page?: LazyExoticComponent<ComponentType>;
  children?: readonly AppRoute[];
  /**
   * Makes this page the home (where `/` goes) of users who may open it and hold none of these menu
   * codes, ahead of the menu order: the alert overview is the home of alert users without the device list.
   */
  homeUnless?: readonly string[];
}

/** A page's loader, `() => import('./pages/…')`. */
export type PageModule = () => Promise<{ default: ComponentType }>;

/** What a module of `listModule` has beyond its list, add and edit pages. */
export interface ListModuleExtras {
  /** The list page's title when the spec names it otherwise than `<titleKey>.list`. */
  listTitleKey?: string;
  /** More pages of the module, after the three (each with its own codes). */
  more?: readonly AppRoute[];
  /** The button codes of the add (save.html) and edit (update.html) forms. */
  formCodes?: { save?: readonly string[]; update?: readonly string[] };
}

/**
 * A module group of a list page (`index.html`) and its hidden add (`save.html`) and edit
 * (`update.html`) pages, all behind the list page's code, titled `<titleKey>.list|.save|.update`.
 * The loaders stay `() => import('./pages/…')` in the table, so the bundler still sees every page.
 */
export function listModule(
  group: Pick<AppRoute, 'path' | 'titleKey' | 'codes' | 'icon'>,
  pageCode: string,
  pages: { index: PageModule; save: PageModule; update: PageModule },
  extras: ListModuleExtras = {},
): AppRoute {
  const codes = [pageCode];
  const listTitleKey = extras.listTitleKey ?? `${group.titleKey}.list`;
  return {
    ...group,
    children: [
      { path: 'index.html', titleKey: listTitleKey, codes, page: lazy(pages.index) },
      {
        path: 'save.html',
        titleKey: `${group.titleKey}.save`,
        codes,
        buttonCodes: extras.formCodes?.save,
        hidden: true,
        page: lazy(pages.save),
      },
      {
        path: 'update.html',
        titleKey: `${group.titleKey}.update`,
        codes,
        buttonCodes: extras.formCodes?.update,
        hidden: true,
        page: lazy(pages.update),
      },
      ...(extras.more ?? []),
    ],
  };
}

/** A routable page with its full path from the application root and the chain of entries above it. */
export interface FlatRoute {
  fullPath: string;
  route: AppRoute;
  /** The entries from the top level down to and including this one. */
  trail: readonly AppRoute[];
  /** Every code needed along the trail. */
  codes: readonly string[];
}

/** Joins route segments into an absolute path inside the application: `['device', 'index.html']` → `/device/index.html`. */
export function joinPath(parent: string, path: string): string {
  const joined = `${parent.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
  return joined === '' ? '/' : joined;
}

/** Every entry that has a page, in table order, with its full path and accumulated codes. */
export function flattenRoutes(
  routes: readonly AppRoute[],
  parentPath = '',
  parentTrail: readonly AppRoute[] = [],
  parentCodes: readonly string[] = [],
): FlatRoute[] {
  const out: FlatRoute[] = [];
  for (const route of routes) {
    if (route.externalUrl) continue;
    const fullPath = joinPath(parentPath, route.path);
    const trail = [...parentTrail, route];
    const codes = [...parentCodes, ...(route.codes ?? [])];
    if (route.page) out.push({ fullPath, route, trail, codes });
    if (route.children) out.push(...flattenRoutes(route.children, fullPath, trail, codes));
  }
  return out;
}
