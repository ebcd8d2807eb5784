// What a page shows when the service does not know the tag, place or track it names: plain words, what
// to check, and whether the lookup was charged. Other errors go to ErrorView.
import { appErrorOf } from '../../api/bridge';
import { ErrorView } from '../../components/ErrorView';
import { Icon, type IconName } from '../../components/Icon';

export function LookupError({ error, icon, title, hint, onRetry }: { error: unknown; icon: IconName; title: string; hint: string; onRetry: () => void }) {
  const e = appErrorOf(error);
  if (e.kind !== 'not_found') return <ErrorView error={error} onRetry={onRetry} />;
  return (
    <div className="state" role="alert" data-error-kind="not_found" data-testid="lookup-not-found">
      <div className="state-icon">
        <Icon name={icon} size={34} />
      </div>
      <strong className="missing-title">{title}</strong>
      <div className="muted">{hint}</div>
      <div className="faint">{e.billed ? 'The service charged 1 request for the lookup.' : 'Nothing was charged.'}</div>
    </div>
  );
}
