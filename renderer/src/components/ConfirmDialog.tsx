// Asks before any call billed at 2 units or more: the cost, the balance after, "don't ask again this
// session". Cancelling spends nothing. Main enforces the same rule; this is how the user answers it.
import { useEffect, useRef, useState } from 'react';
import { useConfirmStore } from '../state/confirm';

export function ConfirmDialog() {
  const request = useConfirmStore((s) => s.queue[0]);
  const answer = useConfirmStore((s) => s.answer);
  const [dontAsk, setDontAsk] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    setDontAsk(false);
    confirmRef.current?.focus();
  }, [request?.id]);

  if (!request) return null;
  const after = request.balance === null ? null : request.balance - request.cost;
  const cancel = () => answer(request.id, { confirmed: false, dontAskAgain: false });
  return (
    <div className="backdrop" onKeyDown={(e) => e.key === 'Escape' && cancel()}>
      <div className="dialog" role="dialog" aria-modal="true" aria-labelledby="confirm-title">
        <h2 id="confirm-title">Spend {request.cost} requests?</h2>
        <div>
          <strong>{request.what}</strong> is billed at <strong>{request.cost} requests</strong> per call.
        </div>
        <div className="muted" data-testid="confirm-balance">
          {after === null ? 'Balance unknown.' : `Balance after: ${after.toLocaleString()} requests (now ${request.balance?.toLocaleString()}).`}
        </div>
        <div className="mono faint">{request.path}</div>
        <label className="checkbox">
          <input type="checkbox" checked={dontAsk} onChange={(e) => setDontAsk(e.target.checked)} />
          Don&apos;t ask again for this kind of request this session
        </label>
        <div className="dialog-actions">
          <button className="btn" onClick={cancel}>
            Cancel
          </button>
          <button ref={confirmRef} className="btn primary" onClick={() => answer(request.id, { confirmed: true, dontAskAgain: dontAsk })}>
            Spend {request.cost} requests
          </button>
        </div>
      </div>
    </div>
  );
}
