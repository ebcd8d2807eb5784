// The one short reminder shown before an export of people's posts: quotes can be searched back to their
// authors, so paraphrase them or pseudonymise. It can be dismissed for good; what was chosen travels with
// the export and main writes it into the manifest (shared/ipc/analysis.ts, ethicsSchema).
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import '../styles/analysis.css';
import type { EthicsChoice } from '../../../shared/ipc/analysis';

const DISMISSED = 'feedlens.ethicsReminder.dismissed';

function dismissed(): boolean {
  try {
    return localStorage.getItem(DISMISSED) === 'yes';
  } catch {
    return false;
  }
}

type Quotes = EthicsChoice['quotes'];

function dismissForGood(): void {
  try {
    localStorage.setItem(DISMISSED, 'yes');
  } catch {
    // storage refused: the reminder shows again next time
  }
}

const TEXT = (
  <p>
    <strong>Before you export:</strong> quoted posts and comments can be searched back to their authors. Paraphrase quotes in what you publish, or pseudonymise the export.
  </p>
);

function QuoteOptions({ quotes, onChange }: { quotes: Quotes; onChange: (q: Quotes) => void }) {
  const name = useId();
  const option = (value: Quotes, label: string) => (
    <label className="checkbox">
      <input type="radio" name={name} value={value} checked={quotes === value} onChange={() => onChange(value)} /> {label}
    </label>
  );
  return (
    <div className="row wrap">
      {option('paraphrase', 'I will paraphrase quotes')}
      {option('pseudonymise', 'Pseudonymise this export')}
      {option('unspecified', 'Not decided')}
    </div>
  );
}

const ForGood = ({ checked, onChange }: { checked: boolean; onChange: (v: boolean) => void }) => (
  <label className="checkbox faint">
    <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} data-testid="ethics-dismiss" /> Don’t remind me again
  </label>
);

function Reminder({ pseudonymised, onGo, onBack }: { pseudonymised: boolean; onGo: (choice: EthicsChoice, forGood: boolean) => void; onBack: () => void }) {
  const [quotes, setQuotes] = useState<Quotes>(pseudonymised ? 'pseudonymise' : 'unspecified');
  const [forGood, setForGood] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  // Shown below the button that asked for it: brought into view, its Export button focused.
  useEffect(() => {
    box.current?.scrollIntoView({ block: 'nearest' });
    box.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus({ preventScroll: true });
  }, []);
  return (
    <div ref={box} className="notice ethics-reminder" role="group" aria-label="Before you export" data-testid="ethics-reminder">
      {TEXT}
      <QuoteOptions quotes={quotes} onChange={setQuotes} />
      <div className="row">
        <ForGood checked={forGood} onChange={setForGood} />
        <span className="spacer" />
        <button type="button" className="btn small ghost" onClick={onBack}>
          Back
        </button>
        <button type="button" className="btn small primary" onClick={() => onGo({ reminderShown: true, acknowledged: true, quotes }, forGood)} data-testid="ethics-go" data-autofocus>
          Export
        </button>
      </div>
    </div>
  );
}

/**
 * What the export dialog's note records: quotes are paraphrased when the user said so, pseudonymised when
 * the export is, else nothing was said; acknowledged only when the user answered the note (a choice of
 * theirs, or pseudonymising the export), never merely because the export went ahead.
 */
export function noteChoice(shown: boolean, paraphrase: boolean, pseudonymised: boolean): EthicsChoice {
  const quotes: Quotes = paraphrase ? 'paraphrase' : pseudonymised ? 'pseudonymise' : 'unspecified';
  return { reminderShown: shown, acknowledged: shown && quotes !== 'unspecified', quotes };
}

/**
 * The reminder inside a dialog that is itself the last step before exporting (the export dialog): shown
 * in place, not as a further step. The dialog's own pseudonymisation control is the only one: the note
 * says whether the export is pseudonymised and offers only to paraphrase. `choice(pseudonymised)` at
 * export time says what was chosen (and remembers "don't remind me again").
 */
export function useEthicsNote(pseudonymised: boolean): { view: ReactNode; choice: (pseudonymised: boolean) => EthicsChoice } {
  const [shown] = useState(() => !dismissed());
  const [paraphrase, setParaphrase] = useState(false);
  const [forGood, setForGood] = useState(false);
  const view = shown ? (
    <div className="notice ethics-reminder" role="group" aria-label="Before you export" data-testid="ethics-reminder">
      {TEXT}
      <div className="row wrap">
        <label className="checkbox">
          <input type="checkbox" checked={paraphrase} onChange={(e) => setParaphrase(e.target.checked)} data-testid="ethics-paraphrase" /> I will paraphrase quotes
        </label>
        <span className="faint" data-testid="ethics-pseudonymised">
          {pseudonymised ? 'This export is pseudonymised (above).' : 'Not pseudonymised: “Pseudonymise people” above.'}
        </span>
      </div>
      <ForGood checked={forGood} onChange={setForGood} />
    </div>
  ) : null;
  const choice = (isPseudonymised: boolean): EthicsChoice => {
    if (shown && forGood) dismissForGood();
    return noteChoice(shown, paraphrase, isPseudonymised);
  };
  return { view, choice };
}

/**
 * Gates an export behind the reminder: `ask(go)` shows it (or calls `go` at once when it was dismissed
 * for good); `go` gets the choice and whether to pseudonymise (chosen here, or already asked for).
 */
export function useEthicsGate(): { ask: (pseudonymised: boolean, go: (choice: EthicsChoice, pseudonymise: boolean) => void) => void; view: ReactNode } {
  const [pending, setPending] = useState<{ pseudonymised: boolean; go: (choice: EthicsChoice, pseudonymise: boolean) => void } | null>(null);
  const ask = (pseudonymised: boolean, go: (choice: EthicsChoice, pseudonymise: boolean) => void) => {
    if (dismissed()) go({ reminderShown: false, acknowledged: false, quotes: pseudonymised ? 'pseudonymise' : 'unspecified' }, pseudonymised);
    else setPending({ pseudonymised, go });
  };
  const view = pending ? (
    <Reminder
      pseudonymised={pending.pseudonymised}
      onBack={() => setPending(null)}
      onGo={(choice, forGood) => {
        if (forGood) dismissForGood();
        setPending(null);
        pending.go(choice, pending.pseudonymised || choice.quotes === 'pseudonymise');
      }}
    />
  ) : null;
  return { ask, view };
}
