import { UserType, type UserTypeNumber } from '@storefleet/contracts';

/** The two applications built from this package: the company console at `/`, the admin console at `/admin/`. */
export type AppKind = 'company' | 'admin';

/** Where each application lives; the server serves them from these prefixes. */
export const APP_BASE: Record<AppKind, string> = { company: '/', admin: '/admin/' };

/** Platform users (type 0) work in the admin application; every customer user type in the company one. */
export function appForUserType(userType: UserTypeNumber): AppKind {
  return userType === UserType.PLATFORM_USER ? 'admin' : 'company';
}

/** The React Router basename of an application (no trailing slash; the company app has none). */
export function routerBasename(app: AppKind): string {
  return app === 'admin' ? '/admin' : '/';
}

/** Full URL path of a page of `app`, e.g. `appPath('admin', 'sign.html')` → `/admin/sign.html`. */
export function appPath(app: AppKind, page = ''): string {
  return APP_BASE[app] + page.replace(/^\/+/, '');
}

/**
 * Accepts a post-sign-in target only when it is a path inside this application, so a crafted
 * `?redirect=` cannot send the user to another site (`//evil`, `https://…`) or to the sign page again.
 */
export function safeRedirect(target: string | null | undefined): string | null {
  if (!target?.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return null;
  if (/^\/sign\.html(?:[?#]|$)/.test(target)) return null;
  return target;
}
