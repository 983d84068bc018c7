import { describe, expect, it } from 'vitest';

import { messageProblems } from './commit-messages.mjs';

describe('the commit message rule', () => {
  it('takes a short imperative subject, a blank line and a body', () => {
    expect(messageProblems('Move usage jobs into modules/usage\n\nUsage owns its jobs now.\n')).toEqual([]);
  });

  it('names each break of the rule', () => {
    expect(messageProblems(`${'x'.repeat(73)}.\nno blank line\nthe why\n`)).toEqual([
      'the subject is 74 characters; keep it to 72 at most',
      'the subject ends with a full stop; leave it out',
      'the second line must be blank',
    ]);
    expect(messageProblems('Add a thing\n')).toEqual([
      'there is no body: after a blank line, say why the change is made',
    ]);
  });

  it('ignores the comment lines git puts in the editor', () => {
    expect(messageProblems('Add a thing\n\nBecause.\n# Please enter the commit message\n')).toEqual([]);
  });
});
