// Dynamic monitor: live device states per store.
export default {
  'dynamicMonitor.online': 'Online',
  'dynamicMonitor.offline': 'Offline',
  'dynamicMonitor.total': 'Devices',
  'dynamicMonitor.searchStore': 'Store name or number',
  'dynamicMonitor.noStores': 'No stores to show',
  'dynamicMonitor.storeNotFound': 'Store not found',
  'dynamicMonitor.problemsOnly': 'Problems only',
  'dynamicMonitor.openAlerts': 'Alerts',
  'dynamicMonitor.trouble': 'Trouble',
  'dynamicMonitor.noProblems': 'Every store is fine',
  'dynamicMonitor.store.address': 'Address',
  'dynamicMonitor.store.box': 'Store box',
  'dynamicMonitor.store.noBox': 'No box',
  'dynamicMonitor.store.lastContact': 'Last contact',
  'dynamicMonitor.store.never': 'Never',
  'dynamicMonitor.store.onlineSince': 'Online since',
};
