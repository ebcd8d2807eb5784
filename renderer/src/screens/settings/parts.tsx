// The building blocks of the Settings screen: a titled section and a labelled field with its hint and
// error, wired for screen readers.
import { useId, type ReactNode } from 'react';

export function Section({ title, description, children, id }: { title: string; description?: ReactNode; children: ReactNode; id: string }) {
  return (
    <section className="card settings-section" aria-labelledby={id} data-testid={`settings-${id}`}>
      <div className="settings-section-head">
        <h2 id={id}>{title}</h2>
        {description && <p className="muted">{description}</p>}
      </div>
      <div className="settings-section-body">{children}</div>
    </section>
  );
}

export function Field({ label, hint, error, narrow, children }: { label: string; hint?: string; error?: string; narrow?: boolean; children: (id: string, describedBy: string) => ReactNode }) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className={`settings-field ${narrow ? 'narrow' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children(id, [error ? errorId : '', hint ? hintId : ''].filter(Boolean).join(' '))}
      {error && (
        <div id={errorId} className="field-error" role="alert" data-testid="field-error">
          {error}
        </div>
      )}
      {hint && (
        <div id={hintId} className="field-hint">
          {hint}
        </div>
      )}
    </div>
  );
}
