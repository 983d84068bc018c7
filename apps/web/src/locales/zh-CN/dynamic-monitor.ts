// Dynamic monitor: live device states per store.
export default {
  'dynamicMonitor.online': '在线',
  'dynamicMonitor.offline': '离线',
  'dynamicMonitor.total': '设备',
  'dynamicMonitor.searchStore': '门店名称或编号',
  'dynamicMonitor.noStores': '没有可查看的门店',
  'dynamicMonitor.storeNotFound': '找不到该门店',
  'dynamicMonitor.problemsOnly': '只看有问题的门店',
  'dynamicMonitor.openAlerts': '告警',
  'dynamicMonitor.trouble': '有问题',
  'dynamicMonitor.noProblems': '所有门店都正常',
  'dynamicMonitor.store.address': '地址',
  'dynamicMonitor.store.box': '门店盒子',
  'dynamicMonitor.store.noBox': '没有盒子',
  'dynamicMonitor.store.lastContact': '最近联系',
  'dynamicMonitor.store.never': '从未联系',
  'dynamicMonitor.store.onlineSince': '在线自',
};
