/**
 * The entries both consoles declare alike: users, roles, the net test and the operation log. The user
 * and role pages are the shared ones (`shared/pages/user`, `shared/pages/role`) told which console they
 * are in; the net-test pages differ per console, so each table passes its own.
 */
import { FileSearchOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { BUTTON, MODULE, PAGE } from '@storefleet/contracts';
import { type ComponentType, lazy, type ReactNode } from 'react';

import type { AppKind } from '../app/app-kind';
import { type AppRoute, listModule, type PageModule } from './route-table';

/** A shared page loaded lazily and shown with the props of one console. */
function pageWith<P extends object>(load: () => Promise<ComponentType<P>>, props: P): PageModule {
  return () =>
    load().then((Page) => ({
      default: function ConsolePage() {
        return <Page {...props} />;
      },
    }));
}

/** What a console's net-test module has of its own. */
export interface NetTestPages {
  icon: ReactNode;
  index: PageModule;
  new: PageModule;
  /** The button codes the "new run" page needs, if any. */
  newButtonCodes?: readonly string[];
}

/**
 * The user, role, net-test and operation-log entries of `app`'s route table, in menu order;
 * `beforeOperationLog` are the console's own entries that the menu shows between the net test and
 * the operation log.
 */
export function consoleAdminRoutes(
  app: AppKind,
  netTest: NetTestPages,
  beforeOperationLog: readonly AppRoute[] = [],
): AppRoute[] {
  const admin = app === 'admin';
  const userPage = () => import('../pages/user/UserListPage').then((m) => m.UserListPage);
  const userForm = () => import('../pages/user/UserFormPage').then((m) => m.UserFormPage);
  const rolePage = () => import('../pages/role/RoleListPage').then((m) => m.RoleListPage);
  const roleForm = () => import('../pages/role/RoleFormPage').then((m) => m.RoleFormPage);
  return [
    listModule(
      { path: 'user', titleKey: 'menu.user', codes: [MODULE.user], icon: <UserOutlined /> },
      PAGE.userList,
      {
        index: pageWith(userPage, { admin }),
        save: pageWith(userForm, { admin }),
        update: pageWith(userForm, { admin, edit: true }),
      },
      { formCodes: { save: [BUTTON.userAdd], update: [BUTTON.userUpdate] } },
    ),
    listModule(
      { path: 'role', titleKey: 'menu.role', codes: [MODULE.role], icon: <TeamOutlined /> },
      PAGE.roleList,
      {
        index: pageWith(rolePage, {}),
        save: pageWith(roleForm, { admin }),
        update: pageWith(roleForm, { admin, edit: true }),
      },
      { formCodes: { save: [BUTTON.roleAdd], update: [BUTTON.roleUpdate] } },
    ),
    {
      path: 'net-test',
      titleKey: 'menu.netTest',
      codes: [MODULE.netTest],
      icon: netTest.icon,
      children: [
        { path: 'index.html', titleKey: 'menu.netTest.list', page: lazy(netTest.index) },
        {
          path: 'new.html',
          titleKey: 'menu.netTest.new',
          hidden: true,
          ...(netTest.newButtonCodes ? { buttonCodes: netTest.newButtonCodes } : {}),
          page: lazy(netTest.new),
        },
      ],
    },
    ...beforeOperationLog,
    {
      path: 'operation-log/index.html',
      titleKey: 'menu.operationLog',
      codes: [MODULE.callLog],
      icon: <FileSearchOutlined />,
      page: lazy(() => import('../pages/operation-log/OperationLogPage')),
    },
  ];
}
