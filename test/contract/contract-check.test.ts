import { describe, expect, it } from 'vitest';
import { assertMatchesContract } from '../helpers/contract.ts';

const balance = { data: { apiEnabled: true, balanceMinor: 100, reservedMinor: 0, availableMinor: 100, currency: 'INR' } };
const json = (value: unknown) => JSON.stringify(value);
const headers = (entries: Record<string, string> = {}) => new Headers({ 'Content-Type': 'application/json', ...entries });

describe('the contract check every HTTP-level test runs', () => {
  it('passes a response the description allows', () => {
    expect(() => assertMatchesContract({ method: 'GET', path: '/v1/balance' }, { status: 200, headers: headers(), body: json(balance) })).not.toThrow();
  });

  it('fails a response field the description does not allow', () => {
    const body = json({ data: { ...balance.data, bonusMinor: 5 } });

    expect(() => assertMatchesContract({ method: 'GET', path: '/v1/balance' }, { status: 200, headers: headers(), body })).toThrow(
      /must NOT have additional properties \(bonusMinor\)/,
    );
  });

  it('fails a field of the wrong type or out of range', () => {
    const body = json({ data: { ...balance.data, balanceMinor: -1 } });

    expect(() => assertMatchesContract({ method: 'GET', path: '/v1/balance' }, { status: 200, headers: headers(), body })).toThrow(
      /\/data\/balanceMinor must be >= 0/,
    );
  });

  it('fails a status the operation does not document', () => {
    expect(() =>
      assertMatchesContract({ method: 'GET', path: '/v1/balance' }, { status: 404, headers: headers(), body: json({ error: 'x', code: 'y' }) }),
    ).toThrow(/GET \/v1\/balance → 404 is not a documented status/);
  });

  it('fails a 429 without Retry-After, and one with a Retry-After that is not whole seconds', () => {
    const body = json({ error: 'Rate limit exceeded; retry in 6 s', code: 'rate_limited' });

    expect(() => assertMatchesContract({ method: 'POST', path: '/v1/job-quotes' }, { status: 429, headers: headers(), body })).toThrow(
      /lacks the required header Retry-After/,
    );
    expect(() => assertMatchesContract({ method: 'POST', path: '/v1/job-quotes' }, { status: 429, headers: headers({ 'Retry-After': '0.5' }), body })).toThrow(
      /header Retry-After/,
    );
  });

  it('matches path templates and checks error bodies of unknown routes', () => {
    expect(() =>
      assertMatchesContract(
        { method: 'GET', path: '/v1/jobs/0e5bd4a2-4e42-8b7c-93a7-52d8c1f0e9a1' },
        { status: 404, headers: headers(), body: json({ error: 'No job', code: 'job_not_found' }) },
      ),
    ).not.toThrow();
    expect(() =>
      assertMatchesContract({ method: 'GET', path: '/v1/nowhere' }, { status: 404, headers: headers(), body: json({ message: 'Not Found' }) }),
    ).toThrow(/does not match/);
  });
});
