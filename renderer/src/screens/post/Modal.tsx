// A dialog for on-request details (insight, embed code): the app's Dialog with a close button; the
// backdrop closes it too, as it holds nothing to lose.
import type { ReactNode } from 'react';
import { Dialog } from '../../components/Dialog';

export function Modal({ title, onClose, children, wide, testId }: { title: string; onClose: () => void; children: ReactNode; wide?: boolean; testId?: string }) {
  return (
    <Dialog
      title={title}
      onClose={onClose}
      className={`post-dialog${wide ? ' wide' : ''}`}
      testId={testId}
      backdropCloses
      headerEnd={
        <button className="icon-btn" onClick={onClose} aria-label="Close" title="Close (Esc)">
          ✕
        </button>
      }
    >
      {children}
    </Dialog>
  );
}
