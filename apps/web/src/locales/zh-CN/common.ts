export default {
  'common.required': '此项为必填项',
  'common.search': '查询',
  'common.reset': '重置',
  'common.loading': '加载中…',
  'common.details': '详情',
  'common.total': '共 {{total}} 条',
  'common.pleaseEnter': '请输入',
  'common.pleaseSelect': '请选择',
  'common.clear': '清除',
  'common.selectRow': '选择此行',
};
