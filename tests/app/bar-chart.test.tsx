import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatCents } from '../../shared/money';
import { BarChart, niceStep } from '../../app/ui/charts/BarChart';

// Charts with a y-axis at round values and their numbers in a table (docs/decisions/199).
describe('BarChart', () => {
  it('puts y ticks at round values, whole numbers for counts', () => {
    expect(niceStep(7, true)).toBe(2);
    expect(niceStep(1, true)).toBe(1);
    expect(niceStep(38_000)).toBe(10_000);
    expect(niceStep(9)).toBe(2.5);
  });

  it('labels the y-axis in the value format and lists every value in a table', () => {
    const { container } = render(<BarChart title="Revenue per day" data={[{ label: '10/24', value: 12_345 }, { label: '10/25', value: 700 }]} formatValue={formatCents} />);
    const yLabels = [...container.querySelectorAll('.chart-y-label')].map((t) => t.textContent);
    expect(yLabels).toEqual(['$0.00', '$50.00', '$100.00', '$150.00', '$200.00'].map((v) => formatCents(Number(v.replace(/[$,]/g, '')) * 100)));
    expect(container.querySelectorAll('.chart-grid')).toHaveLength(4);
    const table = screen.getByRole('table', { name: 'Revenue per day', hidden: true });
    expect(within(table).getAllByRole('columnheader', { hidden: true }).map((h) => h.textContent)).toEqual(['Day', 'Revenue per day']);
    expect(within(table).getByRole('rowheader', { name: '10/24', hidden: true }).nextElementSibling?.textContent).toBe(formatCents(12_345));
  });
});
