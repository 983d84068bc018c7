export default {
  'operationLog.filter.userName': 'User',
  'operationLog.filter.apiName': 'Operation',
  'operationLog.column.operationTime': 'Time',
  'operationLog.column.userName': 'User',
  'operationLog.column.apiName': 'Operation',
  'operationLog.column.moduleName': 'Module',
  'operationLog.column.reqUrl': 'Request URL',
  'operationLog.column.ipAddress': 'IP address',
  'operationLog.column.status': 'Status',
  'operationLog.column.errorMsg': 'Error',
  'operationLog.detail.classMethod': 'Handler',
  'operationLog.detail.reqData': 'Request data',
};
