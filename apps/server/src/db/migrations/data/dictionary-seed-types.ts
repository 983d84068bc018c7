/** Shape of a seeded dictionary row (the columns of dictionary_items without id). */
export interface SeedItem {
  type: string;
  code: string;
  name: string;
  nameEn: string;
  parentCode?: string;
  relativeCode?: string;
  description?: string;
  attribute1?: string;
}
