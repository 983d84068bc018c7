import alarmRules from './alarm-rules';
import alertSenders from './alert-senders';
import alerts from './alerts';
import common from './common';
import config from './config';
import dashboard from './dashboard';
import device from './device';
import dynamicMonitor from './dynamic-monitor';
import health from './health';
import inventory from './inventory';
import level from './level';
import logo from './logo';
import menu from './menu';
import mfa from './mfa';
import netTest from './net-test';
import netTestRuns from './net-test-runs';
import notFound from './not-found';
import notifications from './notifications';
import operationLog from './operation-log';
import request from './request';
import role from './role';
import shell from './shell';
import sign from './sign';
import stores from './stores';
import task from './task';
import usage from './usage';
import user from './user';
import version from './version';

/** The en-US texts, one entry per module file; keys are dotted and prefixed by their module. */
export const enUSModules: Record<string, Record<string, string>> = {
  mfa,
  alarmRules,
  alertSenders,
  alerts,
  role,
  user,
  config,
  dashboard,
  logo,
  common,
  level,
  netTest,
  netTestRuns,
  stores,
  device,
  dynamicMonitor,
  health,
  inventory,
  menu,
  notFound,
  notifications,
  operationLog,
  request,
  shell,
  sign,
  usage,
  task,
  version,
};
