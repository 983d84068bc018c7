import type { LoginResult, Me } from '@storefleet/contracts';
import { describe, expect, it } from 'vitest';

import { defaultCompany, isSession, refreshFromMe } from './session';

const agent: LoginResult = {
  accessToken: 't1',
  accountId: 3,
  authorities: ['call-log'],
  buttonAuthorities: [],
  name: 'Agent',
  username: 'agent',
  uuid: 'u-3',
  userType: 2,
  companyMap: { '1': 'North Foods', '2': 'South Mart' },
};

describe('session', () => {
  it('starts an agent admin in its first company and other users in none', () => {
    expect(defaultCompany(agent)).toBe('1');
    expect(defaultCompany({ ...agent, userType: 1 })).toBeNull();
  });

  it('keeps the token and the chosen company when refreshed from auth/me', () => {
    const me: Me = { ...agent, authorities: ['call-log', 'dashboard'], companyId: 1 };
    delete (me as Partial<LoginResult>).accessToken;
    const next = refreshFromMe({ result: agent, companyId: '2' }, me);
    expect(next).toEqual({ result: { ...agent, authorities: ['call-log', 'dashboard'] }, companyId: '2' });
  });

  it('moves an agent admin off a company it no longer holds', () => {
    const me: Me = { ...agent, companyMap: { '1': 'North Foods' }, companyId: null };
    expect(refreshFromMe({ result: agent, companyId: '2' }, me).companyId).toBe('1');
  });

  it('accepts a well-formed session and rejects one without a token or with a bad user type', () => {
    expect(isSession({ result: agent, companyId: '1' })).toBe(true);
    expect(isSession({ result: { ...agent, accessToken: '' }, companyId: null })).toBe(false);
    expect(isSession({ result: { ...agent, userType: 9 }, companyId: null })).toBe(false);
    expect(isSession({ result: { ...agent, authorities: 'call-log' }, companyId: null })).toBe(false);
  });
});
