import common from './common';
import menu from './menu';
import notFound from './not-found';
import operationLog from './operation-log';
import request from './request';
import shell from './shell';
import sign from './sign';

/** The en-US texts, one entry per module file; keys are dotted and prefixed by their module. */
export const enUSModules: Record<string, Record<string, string>> = {
  common,
  menu,
  notFound,
  operationLog,
  request,
  shell,
  sign,
};
