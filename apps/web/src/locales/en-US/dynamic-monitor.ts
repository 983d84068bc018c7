// Dynamic monitor: live device states per store.
export default {
  'dynamicMonitor.online': 'Online',
  'dynamicMonitor.offline': 'Offline',
  'dynamicMonitor.total': 'Devices',
  'dynamicMonitor.searchStore': 'Store name or number',
  'dynamicMonitor.noStores': 'No stores to show',
  'dynamicMonitor.storeNotFound': 'Store not found',
};
