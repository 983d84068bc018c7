export default {
  'request.networkError': '无法连接服务器，请检查网络后重试。',
  'request.failedWithStatus': '请求失败，状态码 {{status}}',
};
