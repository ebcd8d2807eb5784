// What takes the largest share of an estimate ("replies of #vegan: about 60 %"), shown with the run's, a
// schedule's and a job's estimate: where a budget goes, and what to turn off to spend less.
import type { EstimateShare } from '../../../../shared/ipc/studies';

/** Shares under this are not worth naming. */
const WORTH_NAMING = 0.1;

export function EstimateShares({ shares }: { shares: readonly EstimateShare[] }) {
  const named = shares.filter((s) => s.share >= WORTH_NAMING);
  if (named.length === 0) return null;
  return (
    <p className="field-hint" data-testid="estimate-dominant">
      Most of it: {named.map((s) => `${s.what}: about ${Math.round(s.share * 100)} %`).join(' · ')}
    </p>
  );
}
