import { Minus, Plus } from 'lucide-react';
import { QUANTITY_MAX, QUANTITY_MIN } from '../../shared/constants';
import { useLocale } from '../i18n/i18n';
import { useLingui } from '@lingui/react/macro';

type Props = {
  value: number;
  onChange: (next: number) => void;
  /** Names what is counted, for screen readers ('Quantity of Negroni'). */
  label: string;
  min?: number;
  max?: number;
  disabled?: boolean;
};

/** Spec: quantity stepper, bounds 1 to 10 by default. A `min` of 0 lets a cart line go to zero (removal). */
export function QuantityStepper({ value, onChange, label, min = QUANTITY_MIN, max = QUANTITY_MAX, disabled }: Props) {
  const { t } = useLingui();
  // 'Decrease quantity of negroni' in English; other languages keep the label's case (German capitalises nouns).
  const named = useLocale() === 'en' ? label.toLowerCase() : label;
  return (
    <div className="stepper" role="group" aria-label={label}>
      <button type="button" className="stepper-button" aria-label={t`Decrease ${{ label: named }}`}
        disabled={disabled || value <= min} onClick={() => onChange(Math.max(min, value - 1))}>
        <Minus aria-hidden="true" size={18} />
      </button>
      <output className="stepper-value" aria-live="polite" aria-label={label}>{value}</output>
      <button type="button" className="stepper-button" aria-label={t`Increase ${{ label: named }}`}
        disabled={disabled || value >= max} onClick={() => onChange(Math.min(max, value + 1))}>
        <Plus aria-hidden="true" size={18} />
      </button>
    </div>
  );
}
