/**
 * The config item codes a company can set, their defaults and value rules. Shared by the server (which
 * refuses bad values) and the settings page (which checks them before sending). Values travel as text.
 */

export const CONFIG_ITEM_CODES = [
  'probe_interval_seconds',
  'offline_threshold_seconds',
  'history_retention_days',
  'hourly_retention_days',
  'syslog_retention_days',
  'store_open_time',
  'store_close_time',
  'alert_mute_start',
  'alert_mute_end',
  'alert_repeat_minutes',
  'alert_outside_hours',
] as const;
export type ConfigItemCode = (typeof CONFIG_ITEM_CODES)[number];

export type ConfigValueRule =
  | { kind: 'integer'; min: number; max: number }
  | { kind: 'time'; optional: boolean }
  | { kind: 'flag' };

export interface ConfigItemDefinition {
  code: ConfigItemCode;
  defaultValue: string;
  rule: ConfigValueRule;
  label: { zh: string; en: string };
}

const int = (min: number, max: number): ConfigValueRule => ({ kind: 'integer', min, max });

export const CONFIG_ITEM_DEFINITIONS: Readonly<Record<ConfigItemCode, ConfigItemDefinition>> = {
  probe_interval_seconds: {
    code: 'probe_interval_seconds',
    defaultValue: '60',
    rule: int(10, 3600),
    label: { zh: '探测间隔（秒）', en: 'Probe interval (seconds)' },
  },
  offline_threshold_seconds: {
    code: 'offline_threshold_seconds',
    defaultValue: '180',
    rule: int(20, 86400),
    label: { zh: '离线判定时长（秒）', en: 'Offline threshold (seconds)' },
  },
  history_retention_days: {
    code: 'history_retention_days',
    defaultValue: '90',
    rule: int(1, 3650),
    label: { zh: '历史数据保留天数', en: 'History retention (days)' },
  },
  hourly_retention_days: {
    code: 'hourly_retention_days',
    defaultValue: '365',
    rule: int(1, 3650),
    label: { zh: '小时汇总保留天数', en: 'Hourly roll-up retention (days)' },
  },
  syslog_retention_days: {
    code: 'syslog_retention_days',
    defaultValue: '30',
    rule: int(1, 3650),
    label: { zh: '系统日志保留天数', en: 'Syslog retention (days)' },
  },
  store_open_time: {
    code: 'store_open_time',
    defaultValue: '08:00',
    rule: { kind: 'time', optional: false },
    label: { zh: '门店营业开始时间', en: 'Store opening time' },
  },
  store_close_time: {
    code: 'store_close_time',
    defaultValue: '22:00',
    rule: { kind: 'time', optional: false },
    label: { zh: '门店营业结束时间', en: 'Store closing time' },
  },
  alert_mute_start: {
    code: 'alert_mute_start',
    defaultValue: '',
    rule: { kind: 'time', optional: true },
    label: { zh: '告警静默开始时间', en: 'Alert mute window start' },
  },
  alert_mute_end: {
    code: 'alert_mute_end',
    defaultValue: '',
    rule: { kind: 'time', optional: true },
    label: { zh: '告警静默结束时间', en: 'Alert mute window end' },
  },
  alert_repeat_minutes: {
    code: 'alert_repeat_minutes',
    defaultValue: '30',
    rule: int(0, 1440),
    label: { zh: '告警重复通知间隔（分钟）', en: 'Alert repeat interval (minutes)' },
  },
  alert_outside_hours: {
    code: 'alert_outside_hours',
    defaultValue: '1',
    rule: { kind: 'flag' },
    label: { zh: '非营业时间告警', en: 'Alert outside opening hours' },
  },
};

export type ConfigValues = Record<ConfigItemCode, string>;

/** Every code with its default value. */
export function defaultConfigValues(): ConfigValues {
  const values = {} as ConfigValues;
  for (const code of CONFIG_ITEM_CODES) values[code] = CONFIG_ITEM_DEFINITIONS[code].defaultValue;
  return values;
}

export function isConfigItemCode(code: string): code is ConfigItemCode {
  return (CONFIG_ITEM_CODES as readonly string[]).includes(code);
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * A broken rule, as a key the page translates (`config.rule.<rule>`) with its parameters, so server
 * and page say the same thing in either language.
 */
export type ConfigIssue =
  | { rule: 'integerRange'; params: { min: number; max: number } }
  | { rule: 'time'; params: Record<string, never> }
  | { rule: 'timeOrEmpty'; params: Record<string, never> }
  | { rule: 'flag'; params: Record<string, never> }
  | { rule: 'thresholdVsProbe'; params: { min: number } }
  | { rule: 'rollupVsHistory'; params: { days: number } }
  | { rule: 'closeDiffersOpen'; params: Record<string, never> }
  | { rule: 'muteBothEnds'; params: Record<string, never> }
  | { rule: 'muteDiffers'; params: Record<string, never> };

/** The English wording of an issue (server messages). */
export function configIssueMessage(issue: ConfigIssue): string {
  switch (issue.rule) {
    case 'integerRange':
      return `must be a whole number from ${issue.params.min} to ${issue.params.max}`;
    case 'time':
      return 'must be a time as HH:mm (00:00–23:59)';
    case 'timeOrEmpty':
      return 'must be a time as HH:mm (00:00–23:59) or empty';
    case 'flag':
      return 'must be 0 or 1';
    case 'thresholdVsProbe':
      return `must be at least twice the probe interval (${issue.params.min} seconds or more)`;
    case 'rollupVsHistory':
      return `must be at least the history retention (${issue.params.days} days)`;
    case 'closeDiffersOpen':
      return 'must differ from the opening time';
    case 'muteBothEnds':
      return 'must be set together with the other end of the mute window (or both left empty)';
    case 'muteDiffers':
      return 'must differ from the mute window start';
  }
}

const none: Record<string, never> = {};

/** How `value` breaks the code's own rule, or null when it is fine. */
export function configValueIssue(code: ConfigItemCode, value: string): ConfigIssue | null {
  const rule = CONFIG_ITEM_DEFINITIONS[code].rule;
  switch (rule.kind) {
    case 'integer': {
      const ok = /^\d+$/.test(value) && Number(value) >= rule.min && Number(value) <= rule.max;
      return ok ? null : { rule: 'integerRange', params: { min: rule.min, max: rule.max } };
    }
    case 'time':
      if (rule.optional && value === '') return null;
      if (TIME.test(value)) return null;
      return { rule: rule.optional ? 'timeOrEmpty' : 'time', params: none };
    case 'flag':
      return value === '0' || value === '1' ? null : { rule: 'flag', params: none };
  }
}

/** Why `value` breaks the code's own rule (English), or null when it is fine. */
export function configValueProblem(code: ConfigItemCode, value: string): string | null {
  const issue = configValueIssue(code, value);
  return issue ? configIssueMessage(issue) : null;
}

export interface ConfigProblem {
  code: ConfigItemCode;
  issue: ConfigIssue;
  /** English wording of the issue. */
  message: string;
}

function problem(code: ConfigItemCode, issue: ConfigIssue): ConfigProblem {
  return { code, issue, message: configIssueMessage(issue) };
}

/**
 * Checks a complete set of values: each code's own rule, then the rules between codes (a threshold
 * shorter than two probes would flag devices offline after one late probe; roll-ups must outlive the
 * raw history they summarise; a mute window needs both ends).
 */
export function configProblems(values: ConfigValues): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  for (const code of CONFIG_ITEM_CODES) {
    const issue = configValueIssue(code, values[code]);
    if (issue) problems.push(problem(code, issue));
  }
  if (problems.length) return problems;
  const probe = Number(values.probe_interval_seconds);
  if (Number(values.offline_threshold_seconds) < probe * 2) {
    problems.push(
      problem('offline_threshold_seconds', { rule: 'thresholdVsProbe', params: { min: probe * 2 } }),
    );
  }
  const history = Number(values.history_retention_days);
  if (Number(values.hourly_retention_days) < history) {
    problems.push(problem('hourly_retention_days', { rule: 'rollupVsHistory', params: { days: history } }));
  }
  if (values.store_open_time === values.store_close_time) {
    problems.push(problem('store_close_time', { rule: 'closeDiffersOpen', params: none }));
  }
  const muteStart = values.alert_mute_start;
  const muteEnd = values.alert_mute_end;
  if ((muteStart === '') !== (muteEnd === '')) {
    problems.push(
      problem(muteStart === '' ? 'alert_mute_start' : 'alert_mute_end', {
        rule: 'muteBothEnds',
        params: none,
      }),
    );
  } else if (muteStart !== '' && muteStart === muteEnd) {
    problems.push(problem('alert_mute_end', { rule: 'muteDiffers', params: none }));
  }
  return problems;
}

/** A daily time window; `end` before `start` means it runs past midnight. */
export interface TimeWindow {
  start: string;
  end: string;
}

/** The settings other modules (monitoring, alerts, retention) read, typed. */
export interface MonitoringSettings {
  probeIntervalSeconds: number;
  offlineThresholdSeconds: number;
  historyRetentionDays: number;
  hourlyRetentionDays: number;
  syslogRetentionDays: number;
  openingHours: TimeWindow;
  /** null when no mute window is set. */
  alertMute: TimeWindow | null;
  /** 0 = notify once per alert. */
  alertRepeatMinutes: number;
  alertOutsideHours: boolean;
}

/** Typed view of a complete, valid value set. */
export function toMonitoringSettings(values: ConfigValues): MonitoringSettings {
  return {
    probeIntervalSeconds: Number(values.probe_interval_seconds),
    offlineThresholdSeconds: Number(values.offline_threshold_seconds),
    historyRetentionDays: Number(values.history_retention_days),
    hourlyRetentionDays: Number(values.hourly_retention_days),
    syslogRetentionDays: Number(values.syslog_retention_days),
    openingHours: { start: values.store_open_time, end: values.store_close_time },
    alertMute:
      values.alert_mute_start === '' ? null : { start: values.alert_mute_start, end: values.alert_mute_end },
    alertRepeatMinutes: Number(values.alert_repeat_minutes),
    alertOutsideHours: values.alert_outside_hours === '1',
  };
}

/** Whether `hhmm` falls inside the window (start inclusive, end exclusive; wraps past midnight). */
export function inTimeWindow(window: TimeWindow, hhmm: string): boolean {
  if (window.start <= window.end) return hhmm >= window.start && hhmm < window.end;
  return hhmm >= window.start || hhmm < window.end;
}
