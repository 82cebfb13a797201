import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { ApiRequestError, apiRequest, errorMessage } from '../../lib/api-client';
import { errorProps, fieldErrorsOf, type FieldErrors } from '../../lib/field-errors';
import { tableMessages } from '../../../shared/tables';
import { nameProblem } from '../../../shared/schemas/typed-name';
import { Modal } from '../../ui/Modal';
import { toast } from '../../ui/toast';
import type { JoinPendingResponse } from '../../../shared/schemas/tables';
import { adopt, isApiError, TABLE_ERRORS, tableQueries, useJoinTableByCode, useOpenTable, type TableView } from './api';

import './tables.css';
import { setMemberSession } from './member-store';
import { translate } from '../../i18n/i18n';
import { t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';

type Props = {
  slug: string;
  venueName: string;
  /** The table's number as the QR code carries it (`?table=`). */
  table: string;
  /** The host's code from an invite link (`&code=`). */
  code: string | null;
  /** The token of the table's QR code (`&t=`, docs/decisions/237): without it or a code, the guest is asked to scan. */
  token: string | null;
  /** The sheet is done (joined, dismissed, or the table is not one): the link's table and code leave the address. */
  onDone: () => void;
};

const NAME_MAX = 40;
const NAME_KEY = 'barhop.table-name';

/** The name the guest gave at their first table, offered again at the next ("asked once", docs/decisions/231). */
function rememberedName(): string {
  try { return localStorage.getItem(NAME_KEY) ?? ''; } catch { return ''; }
}
function rememberName(name: string) {
  try { localStorage.setItem(NAME_KEY, name.trim()); } catch { /* Not kept: the next table asks again. */ }
}
const CODE_LENGTH = 4;

/** The texts the shared schemas give the same mistakes (shared/schemas/tables.ts MemberName, JoinCode; the name rule of shared/schemas/typed-name.ts). */
function validate(name: string, code: string, codeNeeded: boolean): FieldErrors {
  const errors: FieldErrors = {};
  const trimmed = name.trim();
  if (!trimmed) errors.name = t`Your name is required`;
  else if (trimmed.length > NAME_MAX) errors.name = t`Your name can be at most ${{ max: NAME_MAX }} characters`;
  else {
    const problem = nameProblem(trimmed.normalize('NFC'));
    if (problem) errors.name = translate(problem);
  }
  const typed = code.trim();
  if ((codeNeeded || typed) && typed.length !== CODE_LENGTH) errors.code = t`The table code has ${{ length: CODE_LENGTH }} characters`;
  return errors;
}

/**
 * Scanning a table's QR code (`/venue/:slug?table=N`, docs/decisions/231): the table is looked up; a table the
 * venue does not have says so; otherwise the "Join table" sheet asks the guest's name once (remembered on the
 * device) and opens or joins the table's session, by the invite link's code when it has one, or asks for the
 * code when the server says the tab needs it. A device already at this table joins nothing and sees no sheet.
 */
export default function TableJoin({ slug, venueName, table, code: linkCode, token, onDone }: Props) {
  const { t } = useLingui();
  const proof = token || linkCode ? { token, code: linkCode } : null;
  const lookup = useQuery({ ...tableQueries.lookup(slug, table, proof ?? {}), enabled: proof !== null });
  const alreadyMember = lookup.data?.member_session_id ?? null;
  useEffect(() => {
    if (!alreadyMember) return;
    setMemberSession(slug, alreadyMember);
    onDone();
  }, [alreadyMember, slug, onDone]);

  // A table number typed or shared without its code proves nothing (docs/product.md §12.1): scan the table's code.
  if (!proof || isApiError(lookup.error, TABLE_ERRORS.tableTokenRequired)) {
    return (
      <Modal title={t`Scan the code on your table`} onClose={onDone}
        actions={<button type="button" className="btn btn-primary" data-autofocus onClick={onDone}>{t`Browse the menu`}</button>}>
        <p role="alert">{t`To order at table ${table}, scan the QR code on the table with your phone's camera, or ask someone at the table for its invite link.`}</p>
      </Modal>
    );
  }
  if (lookup.isPending || alreadyMember) return <p className="visually-hidden" role="status">{t`Looking up table ${table}...`}</p>;
  if (lookup.isError) {
    const missing = isApiError(lookup.error, TABLE_ERRORS.tableNotFound) || (lookup.error instanceof ApiRequestError && lookup.error.status === 404);
    return (
      <Modal title={missing ? t`Table not found` : t`Table ${table}`} onClose={onDone}
        actions={missing ? (
          <button type="button" className="btn btn-primary" data-autofocus onClick={onDone}>{t`Browse the menu`}</button>
        ) : (
          <>
            <button type="button" className="btn" onClick={onDone}>{t`Order on my own`}</button>
            <button type="button" className="btn btn-primary" data-autofocus onClick={() => void lookup.refetch()}>{t`Try again`}</button>
          </>
        )}>
        <p role="alert">{missing ? (lookup.error.message || t`Table ${table} is not a table here. Check the number on your table's QR code.`) : errorMessage(lookup.error, t`We could not look up table ${table}. Please try again.`)}</p>
      </Modal>
    );
  }
  return (
    <JoinSheet slug={slug} venueName={venueName} table={lookup.data.table} linkCode={linkCode} token={token}
      codeRequired={lookup.data.session === 'code_required'} opening={lookup.data.session === 'none'} onDone={onDone} />
  );
}

type SheetProps = { slug: string; venueName: string; table: string; linkCode: string | null; token: string | null; codeRequired: boolean; opening: boolean; onDone: () => void };

function JoinSheet({ slug, venueName, table, linkCode, token, codeRequired, opening, onDone }: SheetProps) {
  const id = useId();
  const { t } = useLingui();
  const open = useOpenTable();
  const joinByCode = useJoinTableByCode();
  const [name, setName] = useState(rememberedName);
  const [code, setCode] = useState(linkCode ?? '');
  // The server may ask for the code even when the lookup did not (the tab went idle in between).
  const [codeNeeded, setCodeNeeded] = useState(codeRequired);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [waiting, setWaiting] = useState<JoinPendingResponse | null>(null);
  const busy = open.isPending || joinByCode.isPending;
  const showCode = codeNeeded || Boolean(linkCode);

  const joined = (view: TableView) => {
    rememberName(name);
    const host = view.table.host_member_id === view.you;
    toast.success(host && view.table.members.length === 1 ? t`You opened table ${{ table: view.table.table }}'s tab` : t`You joined table ${{ table: view.table.table }}`);
    onDone();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const found = validate(name, code, codeNeeded);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    const typedCode = code.trim().toUpperCase() || undefined;
    try {
      // An invite link's code joins that session at any time while it is open; otherwise the scan opens or joins.
      const view = linkCode && typedCode
        ? await joinByCode.mutateAsync({ slug, code: typedCode, name: name.trim() })
        : await open.mutateAsync({ slug, table, name: name.trim(), code: typedCode, ...(token ? { token } : {}) });
      if ('pending' in view) setWaiting(view);
      else joined(view);
    } catch (err) {
      if (isApiError(err, TABLE_ERRORS.joinCodeRequired) || isApiError(err, TABLE_ERRORS.joinCodeWrong)) {
        setCodeNeeded(true);
        setErrors({ code: err.message });
      } else if (isApiError(err, TABLE_ERRORS.sessionNotFound)) {
        // The link's tab has closed: scanning the table again opens (or joins) the one open now.
        setCode('');
        setFailure(err.message);
      } else {
        const fields = fieldErrorsOf(err);
        if (Object.keys(fields).length > 0) setErrors(fields);
        else setFailure(errorMessage(err, t`Could not join the table. Please try again.`));
      }
    }
  };

  if (waiting) return <WaitingForHost slug={slug} venueName={venueName} request={waiting} onIn={joined} onDone={onDone} />;

  const intro = codeNeeded
    ? translate(tableMessages.joinCodeRequired)
    : opening ? t`You're the first here: you'll host the table's tab and can invite the others.` : t`A tab is open at this table. Join it to order together.`;

  return (
    <Modal title={t`Join table`} onClose={onDone}>
      <form className="stack table-sheet" onSubmit={(e) => void submit(e)} noValidate>
        <p><strong>{t`Table ${table}`}</strong> · {venueName}</p>
        <p className="muted">{intro}</p>
        <div className="field">
          <label htmlFor={`${id}-name`}>{t`Your name`}</label>
          <input id={`${id}-name`} autoComplete="given-name" data-autofocus value={name} onChange={(e) => setName(e.target.value)}
            {...errorProps(errors, 'name', `${id}-name`)} />
          {errors.name && <p className="field-error" id={`${id}-name-error`}>{errors.name}</p>}
        </div>
        {(showCode || code) && (
          <div className="field">
            <label htmlFor={`${id}-code`}>{t`Table code`}</label>
            <input id={`${id}-code`} className="code-field" autoComplete="off" autoCapitalize="characters" spellCheck={false}
              value={code} onChange={(e) => setCode(e.target.value)} {...errorProps(errors, 'code', `${id}-code`)} />
            {errors.code && <p className="field-error" id={`${id}-code-error`}>{errors.code}</p>}
          </div>
        )}
        {failure && <p className="field-error" role="alert">{failure}</p>}
        <div className="modal-actions">
          <button type="button" className="btn" onClick={onDone}>{t`Order on my own`}</button>
          <button type="submit" className="btn btn-primary" disabled={busy}>{busy ? t`Joining...` : t`Join table`}</button>
        </div>
      </form>
    </Modal>
  );
}


/** How often a waiting joiner asks whether the host answered: they get no table frames before they are in. */
const WAITING_POLL_MS = 4000;

type WaitingProps = { slug: string; venueName: string; request: JoinPendingResponse; onIn: (view: TableView) => void; onDone: () => void };

/** The host approves who joins (docs/decisions/237): the joiner sees nothing of the tab until let in. */
function WaitingForHost({ slug, venueName, request, onIn, onDone }: WaitingProps) {
  const { t } = useLingui();
  const client = useQueryClient();
  const answer = useQuery({
    queryKey: ['table-join-request', request.session_id],
    retry: false,
    refetchInterval: (query) => (isApiError(query.state.error, TABLE_ERRORS.joinPending) ? WAITING_POLL_MS : false),
    queryFn: () => apiRequest('GET', '/tables/sessions/:id', { credentials: 'guest', params: { id: request.session_id } }),
  });
  const view = answer.data;
  useEffect(() => {
    if (!view) return;
    adopt(client, slug, view);
    onIn(view);
  }, [client, slug, view, onIn]);
  const declined = isApiError(answer.error, TABLE_ERRORS.joinDeclined) || isApiError(answer.error, TABLE_ERRORS.notAMember);
  return (
    <Modal title={t`Join table`} onClose={onDone}>
      <div className="stack table-sheet">
        <p><strong>{t`Table ${{ table: request.table }}`}</strong> · {venueName}</p>
        <p role="status">{declined ? translate(tableMessages.joinDeclined) : translate(tableMessages.joinPending)}</p>
        <div className="modal-actions">
          <button type="button" className="btn" onClick={onDone}>{t`Order on my own`}</button>
        </div>
      </div>
    </Modal>
  );
}
