/**
 * `store/list` answers a page when asked with pageNum or pageSize and the whole list otherwise
 * (StoreEndpoints.list: a union). These name the two ways the web reads it.
 */
import {
  endpoint,
  pagedResultSchema,
  type ResponseOf,
  type Store,
  StoreEndpoints,
  StoreSchema,
} from '@storefleet/contracts';

/**
 * StoreEndpoints.list as a paged call, for list pages and pickers that always send pageNum/pageSize:
 * the same method, path and cache key, with the page reply those calls get.
 */
export const StorePageEndpoint = endpoint({
  ...StoreEndpoints.list,
  response: pagedResultSchema(StoreSchema),
});

/** The stores of a store/list reply, paged or not. */
export function storeRows(reply: ResponseOf<typeof StoreEndpoints.list>): Store[] {
  return Array.isArray(reply) ? reply : reply.list;
}
