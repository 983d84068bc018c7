// Dynamic monitor: live device states per store.
export default {
  'dynamicMonitor.online': '在线',
  'dynamicMonitor.offline': '离线',
  'dynamicMonitor.total': '设备',
  'dynamicMonitor.searchStore': '门店名称或编号',
  'dynamicMonitor.noStores': '没有可查看的门店',
  'dynamicMonitor.storeNotFound': '找不到该门店',
};
