import { AGE_THRESHOLD } from '../../../../shared/constants';
import { Modal } from '../../../ui/Modal';

type Props = { onConfirm: () => void; onGoBack: () => void };

/**
 * Spec: an age gate exists but is never triggered on the menu (docs/decisions/031). Kept ready for a
 * venue or jurisdiction that needs it.
 */
export function AgeGate({ onConfirm, onGoBack }: Props) {
  return (
    <Modal title="Age Verification Required" onClose={onGoBack}
      actions={(
        <>
          <button type="button" className="btn" onClick={onGoBack}>Go Back</button>
          <button type="button" className="btn btn-primary" data-autofocus onClick={onConfirm}>I&apos;m {AGE_THRESHOLD}+</button>
        </>
      )}>
      <p>You must be {AGE_THRESHOLD} or older to view alcoholic beverages</p>
    </Modal>
  );
}
