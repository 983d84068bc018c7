/**
 * The save-time checks of a company's notification settings against the platform: every SMTP host
 * and provider URL through the outbound policy (resolved with its resolver; refused with the reason),
 * and the hourly caps within the platform's maxima (NOTIFY_MAX_*). The contracts' schemas checked the
 * syntax already; this is what only the server knows.
 */
import type { HttpChannelSettings, NotificationSettings } from '@storefleet/contracts';

import type { AppContext } from '../../context';
import type { FieldMessage } from '../../http/errors';
import { OutboundError } from '../../outbound/outbound-error';
import { parseHttpUrl } from '../../outbound/outbound-http';

const PLACEHOLDER = /\{\{\s*\w+\s*\}\}/g;
const HAS_PLACEHOLDER = /\{\{\s*\w+\s*\}\}/;

/** Why `host` may not be sent to, or null; anything but the policy's own refusals is rethrown. */
async function destinationProblem(ctx: AppContext, host: string): Promise<FieldMessage['message'] | null> {
  try {
    await ctx.outbound.check(host);
    return null;
  } catch (error) {
    if (error instanceof OutboundError) return error.label;
    throw error;
  }
}

async function urlProblem(
  ctx: AppContext,
  provider: HttpChannelSettings,
): Promise<FieldMessage['message'] | null> {
  const authority = /^https?:\/\/([^/?#]*)/i.exec(provider.url)?.[1] ?? '';
  if (HAS_PLACEHOLDER.test(authority)) {
    return {
      zh: '主机和端口中不能使用 {{字段}} 占位符（只能用于路径和查询参数）',
      en: 'may not use {{field}} placeholders in the host or port (only in the path and query)',
    };
  }
  try {
    // The placeholders are filled when a message is sent; any value stays inside the path or query.
    const url = parseHttpUrl(provider.url.replace(PLACEHOLDER, 'x'));
    return await destinationProblem(ctx, url.hostname);
  } catch (error) {
    if (error instanceof OutboundError) return error.label;
    throw error;
  }
}

/** The problems of `settings` against the outbound policy and the platform's caps (empty when none). */
export async function notificationSettingsProblems(
  ctx: AppContext,
  settings: NotificationSettings,
): Promise<FieldMessage[]> {
  const problems: FieldMessage[] = [];
  if (settings.email.host !== '') {
    const problem = await destinationProblem(ctx, settings.email.host);
    if (problem) problems.push({ field: 'email.host', message: problem });
  }
  for (const field of ['sms', 'phone'] as const) {
    if (settings[field].url === '') continue;
    const problem = await urlProblem(ctx, settings[field]);
    if (problem) problems.push({ field: `${field}.url`, message: problem });
  }
  const max = ctx.config.notifyMaxima;
  if (settings.caps.perRecipientPerHour > max.perRecipientPerHour) {
    problems.push({ field: 'caps.perRecipientPerHour', message: aboveMaximum(max.perRecipientPerHour) });
  }
  if (settings.caps.perCompanyPerHour > max.perCompanyPerHour) {
    problems.push({ field: 'caps.perCompanyPerHour', message: aboveMaximum(max.perCompanyPerHour) });
  }
  return problems;
}

function aboveMaximum(max: number): FieldMessage['message'] {
  return {
    zh: `不能超过平台设定的上限 ${max}`,
    en: `must be at most ${max}, the highest the platform allows`,
  };
}
