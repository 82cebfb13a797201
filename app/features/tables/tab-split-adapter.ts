// Placeholder until shared/tab-split.ts is merged from the Worker's branch.
import type { TableState } from '../../../shared/schemas/tables';
import type { SplitChoice, TipChoice } from './split-preview';

export function previewTabShare(_table: TableState, _you: string, _choice: SplitChoice, _tip: TipChoice): { amountCents: number; subtotalCents: number; tipCents: number } | null {
  return null;
}
