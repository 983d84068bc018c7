// The house rule for commit messages (issue 32): a subject of at most 72 characters, not ending in a
// full stop, then a blank line, then a body that says why. Written once here, read two ways:
//   node scripts/commit-messages.mjs            checks every commit since the rule began (npm run lint)
//   node scripts/commit-messages.mjs --file F   checks one message file (the commit-msg hook in .githooks/)
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** The last commit written before the rule; everything after it must follow the rule. */
const RULE_SINCE = '20fface';
const SUBJECT_MAX = 72;

/** What is wrong with one message, as sentences a person can act on (empty: nothing). */
export function messageProblems(message) {
  const lines = message
    .split('\n')
    .filter((line) => !line.startsWith('#'))
    .map((line) => line.trimEnd());
  while (lines.length && lines[lines.length - 1] === '') lines.pop();
  const [subject = '', second, ...rest] = lines;
  const problems = [];
  if (!subject.trim()) problems.push('the subject line is empty');
  if (subject.length > SUBJECT_MAX) {
    problems.push(`the subject is ${subject.length} characters; keep it to ${SUBJECT_MAX} at most`);
  }
  if (subject.endsWith('.')) problems.push('the subject ends with a full stop; leave it out');
  if (/^(Merge (branch|remote-tracking)|Revert ")/.test(subject)) return problems;
  if (second !== undefined && second !== '') problems.push('the second line must be blank');
  if (!rest.some((line) => line.trim())) {
    problems.push('there is no body: after a blank line, say why the change is made');
  }
  return problems;
}

function git(args) {
  const run = spawnSync('git', args, { encoding: 'utf8' });
  return run.status === 0 ? run.stdout : null;
}

function main() {
  const fileAt = process.argv.indexOf('--file');
  if (fileAt > 0) {
    const problems = messageProblems(readFileSync(process.argv[fileAt + 1], 'utf8'));
    for (const problem of problems) console.error(`commit message: ${problem}`);
    process.exit(problems.length ? 1 : 0);
  }
  // A shallow or exported checkout may not hold the rule's first commit: then check what it holds.
  const range = git(['cat-file', '-e', `${RULE_SINCE}^{commit}`]) !== null ? `${RULE_SINCE}..HEAD` : '-1';
  const ids = git(['rev-list', '--no-merges', range]);
  if (ids === null) {
    console.log('commit messages: no git history here, nothing to check');
    return;
  }
  let bad = 0;
  for (const id of ids.split('\n').filter(Boolean)) {
    const problems = messageProblems(git(['log', '-1', '--format=%B', id]) ?? '');
    if (problems.length) {
      bad += 1;
      console.error(`${id.slice(0, 9)}: ${problems.join('; ')}`);
    }
  }
  if (bad) {
    console.error(`${bad} commit message(s) break the rule (scripts/commit-messages.mjs); reword them.`);
    process.exit(1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) main();
