// The icons' renderer for the client build (docs/decisions/217): lucide-react's icon modules each call
// `createLucideIcon(iconData)`; vite.config.ts hands them this one instead of lucide-react's, which carries a
// context provider, absolute and non-scaling strokes and name conversions the app never uses (1 KB gzipped on every
// guest page). It draws the same <svg> for the props the app passes (size, className, aria-*, title, style, fill);
// tests/app/lucide-icon.test.tsx checks it against lucide-react's own, icon by icon.
import { createElement, forwardRef, type ReactNode, type SVGProps } from 'react';

type IconData = { name?: string; size?: number; node: [tag: string, attributes: Record<string, string>][]; aliases?: string[] };
type IconProps = Omit<SVGProps<SVGSVGElement>, 'ref'> & { size?: number | string; color?: string; strokeWidth?: number | string; children?: ReactNode };

const hasA11yProp = (props: Record<string, unknown>) =>
  Object.keys(props).some((prop) => (prop.startsWith('aria-') || prop === 'role' || prop === 'title') && props[prop] != null);

/** Class tokens in order, each once (as lucide-react's mergeClasses). */
const classes = (...names: (string | undefined)[]) => [...new Set(names.join(' ').split(/\s+/).filter(Boolean))].join(' ');

export default function createLucideIcon(icon: IconData) {
  return forwardRef<SVGSVGElement, IconProps>(({ size = 24, color = 'currentColor', strokeWidth = 2, width, height, className = '', children, ...rest }, ref) =>
    createElement('svg', {
      ref,
      xmlns: 'http://www.w3.org/2000/svg',
      width: width ?? size,
      height: height ?? size,
      viewBox: `0 0 ${icon.size ?? 24} ${icon.size ?? 24}`,
      fill: 'none',
      stroke: color,
      strokeWidth,
      strokeLinecap: 'round',
      strokeLinejoin: 'round',
      className: classes('lucide', icon.name && `lucide-${icon.name}`, ...(icon.aliases ?? []).map((alias) => `lucide-${alias}`), className),
      ...(children || hasA11yProp(rest) ? {} : { 'aria-hidden': 'true' }),
      ...rest,
    }, ...icon.node.map(([tag, attributes]) => createElement(tag, attributes)), ...(Array.isArray(children) ? children : [children])));
}
