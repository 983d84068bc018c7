/**
 * Who may read the organisation (companies, areas, level trees, store pickers): anyone holding a
 * module whose pages filter or pick by region or store. The rows returned are still limited to the
 * caller's scope; a user without any of these modules (no role) is refused.
 */
import { MODULE } from '@storefleet/contracts';

export const ORG_READ_CODES = {
  any: [
    MODULE.store,
    MODULE.device,
    MODULE.dashboard,
    MODULE.monitorScreen,
    MODULE.dynamicMonitor,
    MODULE.alert,
    MODULE.alarmRules,
    MODULE.user,
    MODULE.role,
    MODULE.settings,
    MODULE.netTest,
    MODULE.task,
  ],
} as const;
