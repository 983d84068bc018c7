/**
 * What the typed client refuses at compile time (checked by `npm run typecheck`): a misspelt query
 * field, a missing path parameter, a wrong body. The runtime half only proves the file is loaded.
 */
import { AlertEndpoints, type AlertRule, type PagedResult } from '@storefleet/contracts';
import { describe, expectTypeOf, it } from 'vitest';

import { api } from './call';

/** Never called: these lines exist for the compiler. */
function compileOnly() {
  // A query field the endpoint has compiles; its reply is typed by the response schema.
  expectTypeOf(api(AlertEndpoints.listAlertRules, { query: { alertName: 'x', pageNum: 1 } })).toEqualTypeOf<
    Promise<PagedResult<AlertRule>>
  >();
  // @ts-expect-error `alertNmae` is not a query field of listAlertRules
  void api(AlertEndpoints.listAlertRules, { query: { alertNmae: 'x' } });
  // @ts-expect-error updateAlertRuleStatus needs its `id` path parameter
  void api(AlertEndpoints.updateAlertRuleStatus, { query: { status: 1 } });
  // @ts-expect-error addAlertRule's body is an alert rule, not any object
  void api(AlertEndpoints.addAlertRule, { body: { name: 'x' } });
  // @ts-expect-error getAlertType takes no query
  void api(AlertEndpoints.getAlertType, { query: { x: 1 } });
}

describe('the typed client', () => {
  it('is type-checked by npm run typecheck', () => {
    expectTypeOf(compileOnly).toBeFunction();
  });
});
