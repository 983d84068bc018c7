export default {
  'request.networkError': 'Cannot reach the server; check the network and try again.',
  'request.failedWithStatus': 'Request failed with status code {{status}}',
};
