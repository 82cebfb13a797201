import { AGE_THRESHOLD } from '../../../../shared/constants';
import { Modal } from '../../../ui/Modal';
import { useLingui } from '@lingui/react/macro';

type Props = { onConfirm: () => void; onGoBack: () => void };

/**
 * Spec: an age gate exists but is never triggered on the menu (docs/decisions/184). Kept ready for a
 * venue or jurisdiction that needs it.
 */
export function AgeGate({ onConfirm, onGoBack }: Props) {
  const { t } = useLingui();
  return (
    <Modal title={t`Age Verification Required`} onClose={onGoBack}
      actions={(
        <>
          <button type="button" className="btn" onClick={onGoBack}>{t`Go Back`}</button>
          <button type="button" className="btn btn-primary" data-autofocus onClick={onConfirm}>{t`I'm ${{ age: AGE_THRESHOLD }}+`}</button>
        </>
      )}>
      <p>{t`You must be ${{ age: AGE_THRESHOLD }} or older to view alcoholic beverages`}</p>
    </Modal>
  );
}
