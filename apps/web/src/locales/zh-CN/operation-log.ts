export default {
  'operationLog.filter.userName': '操作人',
  'operationLog.filter.apiName': '操作名称',
  'operationLog.column.operationTime': '操作时间',
  'operationLog.column.userName': '操作人',
  'operationLog.column.apiName': '操作名称',
  'operationLog.column.moduleName': '模块',
  'operationLog.column.reqUrl': '请求地址',
  'operationLog.column.ipAddress': 'IP 地址',
  'operationLog.column.status': '状态',
  'operationLog.column.errorMsg': '错误信息',
  'operationLog.detail.classMethod': '处理方法',
  'operationLog.detail.reqData': '请求数据',
};
