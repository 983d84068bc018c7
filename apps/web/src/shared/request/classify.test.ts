import { describe, expect, it } from 'vitest';

import { classifyReply, type ReplyFacts } from './classify';

const reply = (facts: Partial<ReplyFacts>): ReplyFacts => ({
  status: 200,
  titleOf: (code, status) => `title ${code ?? status}`,
  body: undefined,
  binary: false,
  hadToken: true,
  errorMessage: 'Request failed with status code 500',
  ...facts,
});

describe('classifyReply (spec §8)', () => {
  it('hands back the data of a reply whose body code is the string "200"', () => {
    const outcome = classifyReply(reply({ body: { code: '200', data: { id: 7 }, message: 'ok', ok: true } }));
    expect(outcome).toEqual({ kind: 'data', data: { id: 7 } });
  });

  it('treats an HTTP 200 whose body code is not "200" as a failure showing the server message', () => {
    const outcome = classifyReply(
      reply({ body: { code: '1001', data: null, message: 'Store name taken', ok: false } }),
    );
    expect(outcome).toMatchObject({
      kind: 'failure',
      code: '1001',
      notice: { title: 'Store name taken' },
      signOut: false,
    });
  });

  it('does not accept the number 200 as the success code', () => {
    const outcome = classifyReply(reply({ body: { code: 200, data: 1, message: 'odd', ok: true } }));
    expect(outcome.kind).toBe('failure');
  });

  it('accepts a binary download without looking for a body code', () => {
    expect(classifyReply(reply({ binary: true }))).toEqual({ kind: 'binary' });
  });

  it('signs out on a 401 and shows the title and message when a token was sent', () => {
    const outcome = classifyReply(
      reply({
        status: 401,
        body: { code: 'UNAUTHENTICATED', message: 'Please sign in again' },
      }),
    );
    expect(outcome).toMatchObject({
      kind: 'failure',
      signOut: true,
      notice: { title: 'title UNAUTHENTICATED', description: 'Please sign in again' },
    });
  });

  it('signs out on a 401 without any notice when no token was sent (wrong password at sign-in)', () => {
    const outcome = classifyReply(
      reply({
        status: 401,
        hadToken: false,
        body: { message: 'Wrong user name or password' },
      }),
    );
    expect(outcome).toMatchObject({
      kind: 'failure',
      signOut: true,
      notice: null,
      message: 'Wrong user name or password',
    });
  });

  it('titles other HTTP errors in the console language and describes them with the body msg', () => {
    const outcome = classifyReply(
      reply({
        status: 403,
        body: { msg: 'No access to this store', message: 'other' },
      }),
    );
    expect(outcome).toMatchObject({
      notice: { title: 'title 403', description: 'No access to this store' },
      signOut: false,
    });
  });

  it('falls back to the error message when an HTTP error body has no msg or message', () => {
    const outcome = classifyReply(reply({ status: 502, body: undefined }));
    expect(outcome).toMatchObject({
      notice: { title: 'title 502', description: 'Request failed with status code 500' },
      code: null,
    });
  });

  it('titles a failure by its body code, with the server message as description', () => {
    const outcome = classifyReply(
      reply({ status: 413, body: { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large' } }),
    );
    expect(outcome).toMatchObject({
      notice: { title: 'title PAYLOAD_TOO_LARGE', description: 'The request body is too large' },
    });
  });

  it('never treats an error status as success, even with a "200" body code', () => {
    const outcome = classifyReply(reply({ status: 500, body: { code: '200' } }));
    expect(outcome.kind).toBe('failure');
  });
});
