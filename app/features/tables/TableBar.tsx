import { Link } from 'react-router';
import type { TableState } from '../../../shared/schemas/tables';
import type { TableView } from './table-cache';
import { useLocale } from '../../i18n/i18n';
import { t, plural } from '@lingui/core/macro';

/** 'Table 7 · 3 people' */
export function tableTitle(table: Pick<TableState, 'table' | 'members'>) {
  const people = t`${plural({ count: table.members.length }, { one: '# person', other: '# people' })}`;
  return t`Table ${{ table: table.table }} · ${people}`;
}

/** The venue frame's line while the guest is at a table: which table, how many, its tab (docs/decisions/231). */
export function TableBar({ slug, view }: { slug: string; view: TableView }) {
  const { table } = view;
  useLocale(); // renders again in a new language: tableTitle reads the active one
  const base = `/venue/${slug}/table`;
  const billing = table.status === 'billing';
  return (
    <nav className="table-bar" aria-label={t`Your table`}>
      <Link className="table-bar-title" to={base}>{tableTitle(table)}</Link>
      <span className="spacer" />
      <Link className="btn btn-small" to={`${base}/${billing ? 'split' : 'tab'}`}>{billing ? t`Split bill` : t`Tab`}</Link>
    </nav>
  );
}
