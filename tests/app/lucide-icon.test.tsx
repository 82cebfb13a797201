// The client build's icon renderer (app/ui/lucide-icon.ts, docs/decisions/217) draws what lucide-react draws.
import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import * as lucide from 'lucide-react';
import createLucideIcon from '../../app/ui/lucide-icon';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Every lucide icon the app imports. */
function appIcons(dir = path.resolve(__dirname, '../../app')): string[] {
  const names = new Set<string>();
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name)) continue;
    const source = readFileSync(path.join(entry.parentPath, entry.name), 'utf8');
    for (const [, list] of source.matchAll(/import \{([^}]+)\} from 'lucide-react'/g)) {
      for (const name of list!.split(',').map((n) => n.trim().replace(/^type\s+/, '')).filter(Boolean)) if (!/^Lucide|Props$/.test(name)) names.add(name);
    }
  }
  return [...names].sort();
}

const PROPS: Record<string, unknown>[] = [
  {},
  { 'aria-hidden': 'true' as const, size: 18 },
  { 'aria-hidden': true, size: 22, fill: 'currentColor', className: 'icon extra icon' },
  { 'aria-label': 'Rating', role: 'img', strokeWidth: 1.5 },
  { title: 'Star', width: 30, height: 20, color: 'red', style: { opacity: 0.5 } },
];

describe('the icon renderer of the client build', () => {
  const names = appIcons();
  it('finds the icons the app uses', () => expect(names.length).toBeGreaterThan(20));

  it.each(names)('draws %s as lucide-react does, for every kind of props the app passes', (name) => {
    const Lucide = (lucide as unknown as Record<string, ComponentType<Record<string, unknown>>>)[name]!;
    const data = iconData(name);
    const Ours = createLucideIcon(data) as unknown as ComponentType<Record<string, unknown>>;
    for (const props of PROPS) {
      expect(renderToStaticMarkup(createElement(Ours, props)), `${name} ${JSON.stringify(props)}`)
        .toBe(renderToStaticMarkup(createElement(Lucide, props)));
    }
  });
});

/** An icon's data as its lucide-react module declares it: the package index names the module of each export. */
function iconData(name: string) {
  const dir = path.dirname(require.resolve('lucide-react').replace(/dist[\\/].*$/, 'dist/esm/lucide-react.mjs'));
  const index = readFileSync(path.join(dir, 'lucide-react.mjs'), 'utf8');
  const line = index.split('\n').find((l) => new RegExp(`default as ${name}[,\\s}]`).test(l))!;
  const file = /from '(\.\/icons\/[^']+)'/.exec(line)![1]!;
  const source = readFileSync(path.join(dir, file), 'utf8');
  const literal = /const __iconData = (\{[\s\S]*?\n\});/.exec(source)![1]!;
  return Function(`return (${literal})`)() as Parameters<typeof createLucideIcon>[0];
}
