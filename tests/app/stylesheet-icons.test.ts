// The icons the stylesheet draws (app/ui/StylesheetIcon.tsx, docs/decisions/277) are lucide-react's shapes, drawn as
// lucide-react draws them: 24-unit box, no fill, 2-unit round strokes.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const STYLES = readFileSync(path.resolve(__dirname, '../../app/styles.css'), 'utf8');
const NAMES = /export type StylesheetIconName = ([^;]+);/.exec(readFileSync(path.resolve(__dirname, '../../shared/stylesheet-icons.ts'), 'utf8'))![1]!
  .split('|').map((name) => name.trim().replace(/'/g, ''));

/** An icon's shapes as its lucide-react module declares them. */
function lucideShapes(name: string): [string, Record<string, string>][] {
  const source = readFileSync(require.resolve(`lucide-react/dist/esm/icons/${name}.mjs`), 'utf8');
  const literal = /const __iconData = (\{[\s\S]*?\n\});/.exec(source)![1]!;
  return (Function(`return (${literal})`)() as { node: [string, Record<string, string>][] }).node;
}

/** The shapes as a mask the stylesheet can hold: an SVG data URL, `<` and `>` escaped. */
function maskUrl(shapes: [string, Record<string, string>][]) {
  const body = shapes.map(([tag, attributes]) => `<${tag}${Object.entries(attributes).filter(([key]) => key !== 'key').map(([key, value]) => ` ${key}='${value}'`).join('')}/>`).join('');
  const svg = `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='none' stroke='%23000' stroke-width='2' stroke-linecap='round' stroke-linejoin='round'>${body}</svg>`;
  return `url("data:image/svg+xml,${svg.replace(/</g, '%3C').replace(/>/g, '%3E')}")`;
}

describe('the icons the stylesheet draws', () => {
  it('names every icon a first download draws', () => expect(NAMES).toHaveLength(16));

  it.each(NAMES)("draws %s with lucide-react's shapes", (name) => {
    const rule = new RegExp(`\\.icon-${name} \\{ --icon: (url\\("[^"]+"\\)); \\}`).exec(STYLES);
    expect(rule?.[1], `.icon-${name} in app/styles.css`).toBe(maskUrl(lucideShapes(name)));
  });
});
