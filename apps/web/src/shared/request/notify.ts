import type { NotificationInstance } from 'antd/es/notification/interface';

import type { Notice } from './classify';

let bound: NotificationInstance | null = null;

/**
 * Lets the request client (which lives outside React) show notices through the antd `App` context,
 * so they follow the current theme and language. Called once by the providers.
 */
export function bindNotifier(instance: NotificationInstance | null): void {
  bound = instance;
}

/**
 * Shows an error notice; before the providers have mounted, through antd's static API, loaded then (it
 * is not part of start-up: docs/decisions/web.md "What loads when").
 */
export function showErrorNotice(notice: Notice): void {
  // Same key for the same text: several calls failing alike (a 401 on every open query) show one notice.
  const key = `${notice.title}\u0000${notice.description ?? ''}`;
  const args = { key, title: notice.title, description: notice.description };
  if (bound) bound.error(args);
  else void import('antd/es/notification').then(({ default: notification }) => notification.error(args));
}
