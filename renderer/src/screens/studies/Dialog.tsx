// The dialogs of studies, on the app's one modal dialog (components/Dialog: native <dialog>, the page
// behind inert, Esc closes unless main is working, the focus starts on the button that does not spend,
// marked `data-autofocus`, and Tab cycles inside), sized for study forms.
import type { ReactNode } from 'react';
import { Dialog as AppDialog } from '../../components/Dialog';

export function Dialog({ title, onClose, busy = false, wide = false, testId, children }: { title: string; onClose: () => void; busy?: boolean; wide?: boolean; testId: string; children: ReactNode }) {
  return (
    <AppDialog title={title} onClose={onClose} busy={busy} className={`study-dialog${wide ? ' wide' : ''}`} testId={testId}>
      {children}
    </AppDialog>
  );
}
