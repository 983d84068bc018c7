/**
 * The summary cards above the inventory list (`listInventoryDevices/data`, the list's own filters), as
 * data: which figures are shown and which list filter each card sets when clicked. Pure, tested without
 * a browser. A pair card (inventoried / not) sets the flag of the half that was clicked.
 */
import { type InventorySummary, type Lang, PropertyStatus } from '@storefleet/contracts';

export interface SummaryFigure {
  key: string;
  labelKey?: string;
  /** A property status's name in the console's language. */
  label?: string;
  value: number | undefined;
  /** The filter the figure sets (null: clears the card's filters, as the total does). */
  filter: Record<string, string | undefined>;
  tone?: 'good' | 'bad';
}

export interface SummaryCard {
  key: string;
  figures: SummaryFigure[];
}

const CLEARED = {
  isInventory: undefined,
  isManage: undefined,
  isNetworkDevice: undefined,
  status: undefined,
};

/**
 * The cards: total; inventoried / not; managed / not; networked / non-network (not on the non-network
 * page, where every record is non-network); one figure per property status.
 */
export function summaryCards(
  summary: InventorySummary | undefined,
  nonNetworkPage: boolean,
  lang: Lang,
): SummaryCard[] {
  const cards: SummaryCard[] = [
    {
      key: 'total',
      figures: [
        { key: 'total', labelKey: 'inventory.summary.total', value: summary?.total, filter: CLEARED },
      ],
    },
  ];
  if (!nonNetworkPage) {
    cards.push(
      {
        key: 'inventory',
        figures: [
          {
            key: 'inventoried',
            labelKey: 'inventory.summary.inventoried',
            value: summary?.inventoried,
            filter: { isInventory: '1' },
            tone: 'good',
          },
          {
            key: 'notInventoried',
            labelKey: 'inventory.summary.notInventoried',
            value: summary?.notInventoried,
            filter: { isInventory: '0' },
            tone: 'bad',
          },
        ],
      },
      {
        key: 'manage',
        figures: [
          {
            key: 'managed',
            labelKey: 'inventory.summary.managed',
            value: summary?.managed,
            filter: { isManage: '1' },
            tone: 'good',
          },
          {
            key: 'notManaged',
            labelKey: 'inventory.summary.notManaged',
            value: summary?.notManaged,
            filter: { isManage: '0' },
          },
        ],
      },
      {
        key: 'network',
        figures: [
          {
            key: 'networked',
            labelKey: 'inventory.summary.networked',
            value: summary?.networked,
            filter: { isNetworkDevice: '0' },
          },
          {
            key: 'nonNetwork',
            labelKey: 'inventory.summary.nonNetwork',
            value: summary?.nonNetwork,
            filter: { isNetworkDevice: '1' },
          },
        ],
      },
    );
  }
  cards.push({
    key: 'status',
    figures: (summary?.byStatus ?? []).map((s) => ({
      key: `status-${s.status}`,
      label: PropertyStatus.has(s.status) ? PropertyStatus.labelOf(s.status, lang) : s.statusName,
      value: s.count,
      filter: { status: String(s.status) },
    })),
  });
  return cards;
}

/** Whether a figure is what the list is filtered by now (every key of its filter matches). */
export function isActiveFigure(figure: SummaryFigure, filters: Record<string, unknown>): boolean {
  const entries = Object.entries(figure.filter).filter(([, v]) => v !== undefined);
  return entries.length > 0 && entries.every(([k, v]) => filters[k] === v);
}
