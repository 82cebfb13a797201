// The deploy steps a person follows must name every R2 bucket each environment binds: a bucket missing from them
// is never created, and the Worker fails on its first write there (docs/decisions/194). `npm run check:deploy`
// checks the README's "Deploy" section and docs/deploy.md against the buckets of each built configuration.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './wrangler';

export type DeployDoc = { name: string; text: string };

/** The README's "## Deploy" section (up to the next "## ") and docs/deploy.md, as checked. */
export function deployDocs(): DeployDoc[] {
  const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
  const start = readme.indexOf('\n## Deploy');
  const end = start < 0 ? -1 : readme.indexOf('\n## ', start + 1);
  return [
    { name: 'README.md "Deploy"', text: start < 0 ? '' : readme.slice(start, end < 0 ? undefined : end) },
    { name: 'docs/deploy.md', text: readFileSync(path.join(repoRoot, 'docs', 'deploy.md'), 'utf8') },
  ];
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Each bucket must be created by name (`wrangler r2 bucket create <name>`) in each doc; one problem per gap. */
export function missingBucketProblems(docs: DeployDoc[], buckets: { environment: string; bucket: string }[]): string[] {
  const problems: string[] = [];
  for (const { environment, bucket } of buckets) {
    const created = new RegExp(`r2 bucket create ${escape(bucket)}(?![\\w-])`);
    for (const doc of docs) {
      if (!created.test(doc.text)) problems.push(`${doc.name} does not create the ${environment} R2 bucket ${bucket} (\`npx wrangler r2 bucket create ${bucket}\`)`);
    }
  }
  return problems;
}
