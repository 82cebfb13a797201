// The admin dashboard's setup checklist for a new venue (docs/product.md §11.6): six steps, each ticked by the
// server from the venue's data (GET /api/admin/setup), each a link to where it is done. Gone once all are done.
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Circle } from 'lucide-react';
import { Link } from 'react-router';
import { SetupChecklist as SetupChecklistSchema, type SetupStepId } from '../../../../shared/schemas/setup';
import { apiRequest } from '../../../lib/api-client';

const STEPS: Record<SetupStepId, { title: string; to: string; action: string }> = {
  profile: { title: 'Venue profile', to: '/admin/profile', action: 'Describe your venue' },
  menu: { title: 'Menu', to: '/admin/menu-drinks', action: 'Add drinks or import your menu' },
  inventory: { title: 'Inventory', to: '/admin/inventory', action: 'Add what is behind the bar' },
  team: { title: 'Team', to: '/admin/team', action: 'Invite your bartenders' },
  tables: { title: 'Tables and QR codes', to: '/admin/tables', action: 'Add tables and print their codes' },
  live: { title: 'Go live', to: '/admin/qr', action: 'Put the QR codes out' },
};

export const setupKey = ['admin', 'setup'] as const;

export function SetupChecklist() {
  const setup = useQuery({ queryKey: setupKey, queryFn: () => apiRequest('GET', '/admin/setup', { schema: SetupChecklistSchema }) });
  if (!setup.data || setup.data.complete) return null;
  const done = setup.data.steps.filter((s) => s.done).length;
  return (
    <section className="card stack setup-checklist" aria-labelledby="setup-title" data-testid="setup-checklist">
      <h2 id="setup-title">Set up your venue <span className="muted">({done} of {setup.data.steps.length} done)</span></h2>
      <ol className="setup-steps">
        {setup.data.steps.map((step) => {
          const info = STEPS[step.id];
          return (
            <li key={step.id} data-done={step.done} aria-label={`${info.title}: ${step.done ? 'done' : 'to do'}`}>
              {step.done ? <CheckCircle2 aria-hidden="true" size={20} className="setup-done" /> : <Circle aria-hidden="true" size={20} />}
              <span className="setup-step-text">
                <strong>{info.title}</strong> <span className="muted">{step.detail}</span>
              </span>
              {!step.done && <Link to={info.to} className="btn btn-small">{info.action}</Link>}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
