import { useEffect, useId, useRef, useState } from 'react';
import { DEFAULT_EVENT_COLOR } from '../../../shared/constants';
import { i18n } from './locales/i18n';

const PRESETS = [
  '#d3d3d3',
  '#e6a9b8',
  '#9c4f6a',
  '#c6b8e0',
  '#7fb8d6',
  '#a7c4a0',
  '#f0c987',
  '#d9b38c',
  '#e8875f',
  '#6b3a4b',
  '#4f7a6b',
  '#2f4858',
];

/** The event colour: a button that toggles a popover of swatches and a custom colour input. */
export function ColorPicker({ value, onChange, error }: { value: string; onChange: (color: string) => void; error?: string }) {
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const popId = useId();
  const labelId = useId();
  const color = /^#[0-9a-f]{6}$/i.test(value) ? value : DEFAULT_EVENT_COLOR;

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (box.current && !box.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  return (
    <div
      className={`color-field field ${error ? 'field-invalid' : ''}`}
      ref={box}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          // Close the popover, not the whole modal.
          e.stopPropagation();
          e.preventDefault();
          setOpen(false);
        }
      }}
    >
      <span className="label" id={labelId}>
        {i18n.t('Colour')}
      </span>
      <button
        type="button"
        className="color-toggle"
        aria-expanded={open}
        aria-controls={popId}
        aria-labelledby={labelId}
        aria-describedby={error ? `${popId}-value ${popId}-error` : `${popId}-value`}
        aria-invalid={error ? true : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        <span className="swatch" style={{ '--swatch': color } as React.CSSProperties} aria-hidden="true" />
        <span id={`${popId}-value`}>{color}</span>
      </button>
      {open ? (
        <div className="color-popover" id={popId} role="group" aria-label={i18n.t('Choose a colour')}>
          <div className="color-swatches">
            {PRESETS.map((c) => (
              <button
                key={c}
                type="button"
                aria-label={c}
                aria-pressed={c === color.toLowerCase()}
                style={{ '--swatch': c } as React.CSSProperties}
                onClick={() => {
                  onChange(c);
                  setOpen(false);
                }}
              />
            ))}
          </div>
          <div className="color-custom">
            <input type="color" aria-label={i18n.t('Custom colour')} value={color} onChange={(e) => onChange(e.target.value)} />
            <input
              type="text"
              aria-label={i18n.t('Hex value')}
              value={value}
              maxLength={7}
              onChange={(e) => onChange(e.target.value.trim())}
            />
          </div>
        </div>
      ) : null}
      {error ? (
        <p className="field-error" id={`${popId}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
