export default {
  'notFound.title': '页面未找到',
  'notFound.subtitle': '抱歉，出错了——给您带来不便，敬请谅解。',
  'notFound.back': '返回上一页',
};
