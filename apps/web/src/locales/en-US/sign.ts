export default {
  'sign.title': 'Sign in',
  'sign.subtitle.company': 'Store device operations console',
  'sign.subtitle.admin': 'Platform administration console',
  'sign.username': 'User name',
  'sign.password': 'Password',
  'sign.username.required': 'Enter your user name',
  'sign.password.required': 'Enter your password',
  'sign.submit': 'Sign in',
  'sign.failed': 'Sign-in failed',
  'sign.toAdmin': 'Platform accounts use the admin console; taking you there…',
  'sign.toCompany': 'Company accounts use the company console; taking you there…',
};
