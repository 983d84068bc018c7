/** Row types of alert notifications: the delivery queue/log and a company's channel settings. */
import type { Generated } from 'kysely';

/** One message to one recipient on one channel (queued, then sent, failed, held by a cap or muted). */
export interface AlertDeliveriesTable {
  id: Generated<number>;
  company_id: number;
  /** The alert record it is about; null for a summary. */
  record_id: number | null;
  /** The recipient (alert_senders.id). */
  sender_id: number;
  /** SEND_TYPE: 0 SMS, 1 email, 2 phone call. */
  channel: number;
  /** 'open' | 'recovery' | 'repeat' | 'summary'. */
  kind: string;
  /** 1, 2 … for repeat notices; 0 otherwise. */
  repeat_no: Generated<number>;
  /** The email address or phone number it goes to. */
  address: string;
  /** The language it is worded in ('zh-CN' | 'en-US'), resolved when queued; null (older rows): Chinese. */
  language: Generated<string | null>;
  /** 'queued' | 'sending' | 'sent' | 'failed' | 'held' | 'muted'. */
  status: string;
  /** Why it is muted or held ('mute_window', 'outside_hours', 'recipient_cap', 'company_cap', 'no_channel'). */
  reason: string | null;
  attempts: Generated<number>;
  /** Epoch ms before which it is not (re)tried. */
  next_attempt_at: number;
  /** While `sending`: epoch ms after which another run may take it over (the sender died). */
  lease_until: number | null;
  /** The last failure, cleaned and bounded. */
  last_error: string | null;
  /** A held delivery: the summary that reported it. */
  summary_id: number | null;
  /** `<record>:<sender>:<channel>:<kind>:<n>` or `summary:<sender>:<channel>:<hour>`: never twice. */
  dedupe_key: string;
  created_at: number;
  sent_at: number | null;
}

/** A company's notification channels (SMTP, SMS and phone providers, caps) as JSON text. */
export interface NotificationChannelsTable {
  company_id: number;
  settings: string;
  updated_at: number;
  update_by: string | null;
}

export interface AlertDeliveryTables {
  alert_deliveries: AlertDeliveriesTable;
  notification_channels: NotificationChannelsTable;
}
