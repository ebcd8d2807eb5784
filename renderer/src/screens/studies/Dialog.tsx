// The dialogs of studies: modal, Esc closes (unless main is working on it), the focus starts on the button
// that does not spend (callers mark it `data-autofocus`) and stays inside while Tab cycles.
import { useEffect, useId, useRef, type ReactNode } from 'react';

export function Dialog({ title, onClose, busy = false, wide = false, testId, children }: { title: string; onClose: () => void; busy?: boolean; wide?: boolean; testId: string; children: ReactNode }) {
  const titleId = useId();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const first = box.current?.querySelector<HTMLElement>('[data-autofocus]') ?? box.current?.querySelector<HTMLElement>('button, input, textarea, select');
    first?.focus();
  }, []);
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'Escape' && !busy) {
      e.preventDefault();
      e.stopPropagation();
      onClose();
    } else if (e.key === 'Tab' && box.current) {
      const focusable = [...box.current.querySelectorAll<HTMLElement>('button:not(:disabled), input:not(:disabled), textarea, select, [tabindex="0"]')];
      const first = focusable[0];
      const last = focusable.at(-1);
      if (e.shiftKey && document.activeElement === first) {
        e.preventDefault();
        last?.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first?.focus();
      }
    }
  };
  return (
    <div className="backdrop" onKeyDown={onKeyDown}>
      <div ref={box} className={`dialog study-dialog${wide ? ' wide' : ''}`} role="dialog" aria-modal="true" aria-labelledby={titleId} data-testid={testId}>
        <h2 id={titleId}>{title}</h2>
        {children}
      </div>
    </div>
  );
}
