export default {
  'sign.title': '登录',
  'sign.subtitle.company': '门店设备运维控制台',
  'sign.subtitle.admin': '平台管理控制台',
  'sign.username': '用户名',
  'sign.password': '密码',
  'sign.username.required': '请输入用户名',
  'sign.password.required': '请输入密码',
  'sign.submit': '登录',
  'sign.failed': '登录失败',
  'sign.toAdmin': '平台账号请使用管理控制台，正在跳转…',
  'sign.toCompany': '企业账号请使用企业控制台，正在跳转…',
};
