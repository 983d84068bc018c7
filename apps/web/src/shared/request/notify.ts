import { notification } from 'antd';
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

/** Shows an error notice; falls back to antd's static API before the providers have mounted. */
export function showErrorNotice(notice: Notice): void {
  // Same key for the same text: several calls failing alike (a 401 on every open query) show one notice.
  const key = `${notice.title}\u0000${notice.description ?? ''}`;
  (bound ?? notification).error({ key, title: notice.title, description: notice.description });
}
