/**
 * A company's notification channels (email over SMTP, SMS and phone calls through HTTP providers, the
 * hourly caps) and the delivery log of an alert record. Secrets are write-only: a reply says whether a
 * password is set and shows provider header values as MASK; a save that leaves the password out, or
 * sends MASK as a header value, keeps what is stored.
 */
import { z } from 'zod';

import { isHostOrIp } from '../org/net-test-address';
import { idParam } from '../query';

/** How a secret reads back. */
export const SECRET_MASK = '******';

export const SMTP_TLS_MODES = ['none', 'starttls', 'tls'] as const;
export type SmtpTlsMode = (typeof SMTP_TLS_MODES)[number];
export const HTTP_PROVIDER_METHODS = ['POST', 'PUT', 'GET'] as const;

/** The fields a provider's URL and body template may name, as `{{field}}`. */
export const TEMPLATE_FIELDS = [
  'deviceName',
  'shopName',
  'name',
  'severity',
  'severityName',
  'alertTime',
  'recoveryTime',
  'status',
  'kind',
  'value',
  'phone',
  'message',
] as const;
export type TemplateField = (typeof TEMPLATE_FIELDS)[number];

const text = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);
const httpUrl = z
  .string()
  .trim()
  .max(1000, 'must be at most 1000 characters')
  .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), 'must be an http:// or https:// URL');

export const EmailChannelSettings = z.object({
  enabled: z.boolean(),
  /** A host name or an IP address only: no scheme, port, spaces or line breaks. */
  host: text(255).refine(
    (v) => v === '' || isHostOrIp(v),
    'must be a host name or an IP address (no scheme, path or port)',
  ),
  port: z.number().int().min(1, 'must be at least 1').max(65535, 'must be at most 65535'),
  tls: z.enum(SMTP_TLS_MODES, { error: `must be one of ${SMTP_TLS_MODES.join(', ')}` }),
  user: text(255),
  /** Write-only: left out = keep the stored one; '' = none. */
  password: text(255).optional(),
  /** Reply only: whether a password is stored. */
  passwordSet: z.boolean().optional(),
  from: z.union([z.literal(''), z.email('must be an email address').max(255)]),
});
export type EmailChannelSettings = z.infer<typeof EmailChannelSettings>;

export const ProviderHeader = z.object({
  name: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,100}$/, 'has the wrong format'),
  /** Shown as SECRET_MASK; sending SECRET_MASK keeps the stored value of this header. */
  value: text(2000),
});

export const HttpChannelSettings = z.object({
  enabled: z.boolean(),
  url: httpUrl,
  method: z.enum(HTTP_PROVIDER_METHODS, { error: `must be one of ${HTTP_PROVIDER_METHODS.join(', ')}` }),
  /** Headers sent with every request (API keys go here): secret, masked in replies and logs. */
  secretHeaders: z.array(ProviderHeader).max(20, 'must hold at most 20 items'),
  /** Body with `{{field}}` placeholders (TEMPLATE_FIELDS); JSON bodies get values JSON-escaped. */
  bodyTemplate: text(4000),
});
export type HttpChannelSettings = z.infer<typeof HttpChannelSettings>;

export const NotificationCaps = z.object({
  /** Messages one recipient gets per hour at most; the rest go out as one summary. */
  perRecipientPerHour: z.number().int().min(1, 'must be at least 1').max(1000, 'must be at most 1000'),
  /** Messages the company sends per hour at most. */
  perCompanyPerHour: z.number().int().min(1, 'must be at least 1').max(100000, 'must be at most 100000'),
});
export type NotificationCaps = z.infer<typeof NotificationCaps>;

export const NotificationSettings = z.object({
  email: EmailChannelSettings,
  sms: HttpChannelSettings,
  phone: HttpChannelSettings,
  caps: NotificationCaps,
});
export type NotificationSettings = z.infer<typeof NotificationSettings>;

/** A company that saved nothing: every channel off, caps 20 per recipient and 200 per company. */
export function defaultNotificationSettings(): NotificationSettings {
  const provider = (): HttpChannelSettings => ({
    enabled: false,
    url: '',
    method: 'POST',
    secretHeaders: [],
    bodyTemplate: '{"phone":"{{phone}}","text":"{{message}}"}',
  });
  return {
    email: { enabled: false, host: '', port: 587, tls: 'starttls', user: '', from: '' },
    sms: provider(),
    phone: provider(),
    caps: { perRecipientPerHour: 20, perCompanyPerHour: 200 },
  };
}

/** POST testNotification: one message on one channel to an address typed by the user. */
export const TestNotificationBody = z.object({
  /** SEND_TYPE: 0 SMS, 1 email, 2 phone call. */
  channel: z.union([z.literal(0), z.literal(1), z.literal(2)], { error: 'must be 0, 1 or 2' }),
  address: text(255).min(1, 'is required'),
});
export type TestNotificationBody = z.infer<typeof TestNotificationBody>;

export const TestNotificationResult = z.object({
  ok: z.boolean(),
  /** Why it failed, classified (refused destination, DNS, timeout, HTTP status …), never the peer's own text. */
  error: z.string().nullable(),
});

export const DELIVERY_STATUSES = ['queued', 'sending', 'sent', 'failed', 'held', 'muted'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
export const DELIVERY_KINDS = ['open', 'recovery', 'repeat', 'summary'] as const;
export type DeliveryKind = (typeof DELIVERY_KINDS)[number];

export const ListDeliveriesQuery = z.object({ recordId: idParam });

/** One message about an alert record: who, how, when, and what became of it. */
export const AlertDelivery = z.object({
  id: z.number().int(),
  recordId: z.number().int().nullable(),
  senderId: z.number().int(),
  /** The recipient's name. */
  senderName: z.string().nullable(),
  /** SEND_TYPE: 0 SMS, 1 email, 2 phone call. */
  channel: z.number().int(),
  kind: z.enum(DELIVERY_KINDS),
  repeatNo: z.number().int(),
  address: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  /** Why muted or held: mute_window, outside_hours, recipient_cap, company_cap, channel_off. */
  reason: z.string().nullable(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createTime: z.string(),
  sentTime: z.string().nullable(),
});
export type AlertDelivery = z.infer<typeof AlertDelivery>;
