// The settings saved together with "Save changes": file names, downloads at a time, cache, when to ask
// before spending, the low-balance warning. Main validates the patch; limits that guard spending are
// changed only after main's own question.
import { useEffect, useState } from 'react';
import { DEFAULT_FILENAME_TEMPLATE } from '../../../../shared/filename-template';
import type { Settings } from '../../../../shared/settings';
import type { AppError } from '../../../../shared/api/errors';
import { feedlens } from '../../api/bridge';
import { useMainAction } from '../../api/useMainAction';
import { useAppState } from '../../state/app';
import { FILENAME_TOKENS, draftOf, fieldErrorsOf, isDirty, patchFromDraft, templateProblem, type Draft, type FieldErrors, type FormField } from './form';
import { Field, Section } from './parts';
import { DownloadFolder } from './ServiceSection';

function generalError(error: AppError | null): string | null {
  if (!error) return null;
  const { fields, other } = fieldErrorsOf(error.issues);
  if (other.length > 0) return other.join(' ');
  return Object.keys(fields).length === 0 ? error.message : null;
}

export function SettingsForm({ saved }: { saved: Settings }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(saved));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState<string | null>(null);
  const saving = useMainAction();
  const busy = saving.busy;
  const dirty = isDirty(draft, saved);
  // What main said that is not about one field (or its words when the user declined its question).
  const general = generalError(saving.error) ?? saving.declined;

  // Saved elsewhere (mode switch, another window): fields nobody is editing follow.
  useEffect(() => {
    if (!busy) setDraft((d) => (isDirty(d, saved) ? d : draftOf(saved)));
  }, [saved, busy]);

  const set = (field: FormField) => (value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
    setStatus(null);
  };

  async function save() {
    saving.clear();
    setStatus(null);
    const { patch, errors: local } = patchFromDraft(draft, saved);
    if (Object.keys(local).length > 0) {
      // Main's earlier verdicts stay on fields not edited since (editing a field clears its own).
      setErrors((e) => ({ ...e, ...local }));
      return;
    }
    if (Object.keys(patch).length === 0) return;
    const result = await saving.run(() => feedlens().settingsSet({ patch }));
    if (result.ok) {
      useAppState.getState().setSettings(result.value);
      setDraft(draftOf(result.value));
      setErrors({});
      setStatus('Saved.');
    } else setErrors(fieldErrorsOf(result.error.issues).fields);
  }

  const templateIssue = templateProblem(draft.filenameTemplate);
  return (
    <form
      className="settings-form"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
      noValidate
    >
      <Section id="downloads" title="Downloads" description="Where saved media and exports go, and how their files are named.">
        <DownloadFolder />
        <Field label="File name template" error={errors.filenameTemplate} hint={`A / makes folders. Default: ${DEFAULT_FILENAME_TEMPLATE}`}>
          {(id, describedBy) => (
            <input id={id} type="text" className="mono-input" value={draft.filenameTemplate} onChange={(e) => set('filenameTemplate')(e.target.value)} aria-invalid={!!errors.filenameTemplate} aria-describedby={describedBy} spellCheck={false} data-testid="field-filenameTemplate" />
          )}
        </Field>
        {templateIssue && !errors.filenameTemplate && (
          <div className="notice warn" role="note" data-testid="template-problem">
            {templateIssue}
          </div>
        )}
        <div className="token-list" aria-label="Template tokens">
          {FILENAME_TOKENS.map((t) => (
            <button
              key={t.token}
              type="button"
              className="token"
              title={`Add ${t.token}: ${t.meaning}`}
              onClick={() => set('filenameTemplate')(`${draft.filenameTemplate}${t.token}`)}
            >
              <code>{t.token}</code>
              <span className="muted">{t.meaning}</span>
            </button>
          ))}
        </div>
        <Field label="Downloads at a time" error={errors.downloadConcurrency} hint="1 to 16." narrow>
          {(id, describedBy) => (
            <input id={id} type="number" min={1} max={16} value={draft.downloadConcurrency} onChange={(e) => set('downloadConcurrency')(e.target.value)} aria-invalid={!!errors.downloadConcurrency} aria-describedby={describedBy} data-testid="field-downloadConcurrency" />
          )}
        </Field>
      </Section>

      <Section id="requests" title="Requests and cache" description="What Feedlens keeps to avoid paying twice, and when it asks before spending.">
        <Field label="Keep answers for (minutes)" error={errors.cacheTtlMinutes} hint="A repeated request within this time is answered from the cache, free. 0 turns the cache off." narrow>
          {(id, describedBy) => (
            <input id={id} type="number" min={0} max={10080} value={draft.cacheTtlMinutes} onChange={(e) => set('cacheTtlMinutes')(e.target.value)} aria-invalid={!!errors.cacheTtlMinutes} aria-describedby={describedBy} data-testid="field-cacheTtlMinutes" />
          )}
        </Field>
        <fieldset className="settings-fieldset">
          <legend>Ask before spending</legend>
          <label className="radio">
            <input type="radio" name="confirmationThreshold" value="2" checked={draft.confirmationThreshold === '2'} onChange={() => set('confirmationThreshold')('2')} data-testid="threshold-2" />
            <span>
              Only for calls billed <strong>2 requests or more</strong>
            </span>
          </label>
          <label className="radio">
            <input type="radio" name="confirmationThreshold" value="1" checked={draft.confirmationThreshold === '1'} onChange={() => set('confirmationThreshold')('1')} data-testid="threshold-1" />
            <span>For every paid call, even those billed 1 request</span>
          </label>
          <div className="field-hint">Calls billed 2 or more always ask, whatever you choose here (unless you answered &ldquo;don&apos;t ask again&rdquo; this session).</div>
          {errors.confirmationThreshold && <div className="field-error">{errors.confirmationThreshold}</div>}
        </fieldset>
        <Field
          label="Spend without asking, per hour (requests)"
          error={errors.hourlyUnconfirmedLimit}
          hint="Calls of 1 request run without a question until this many were spent within an hour; then Feedlens asks. Feedlens asks you itself before changing it."
          narrow
        >
          {(id, describedBy) => (
            <input id={id} type="number" min={0} max={100000} value={draft.hourlyUnconfirmedLimit} onChange={(e) => set('hourlyUnconfirmedLimit')(e.target.value)} aria-invalid={!!errors.hourlyUnconfirmedLimit} aria-describedby={describedBy} data-testid="field-hourlyUnconfirmedLimit" />
          )}
        </Field>
        <Field label="Low-balance warning below (requests)" error={errors.lowBalanceThreshold} hint="The balance turns amber below this, red below a fifth of it." narrow>
          {(id, describedBy) => (
            <input id={id} type="number" min={0} value={draft.lowBalanceThreshold} onChange={(e) => set('lowBalanceThreshold')(e.target.value)} aria-invalid={!!errors.lowBalanceThreshold} aria-describedby={describedBy} data-testid="field-lowBalanceThreshold" />
          )}
        </Field>
      </Section>

      <div className={`settings-savebar ${dirty || general || status ? 'visible' : ''}`} role="region" aria-label="Save settings">
        {general && (
          <span className="field-error" role="alert" data-testid="settings-error">
            {general}
          </span>
        )}
        {!general && Object.values(errors).some(Boolean) && (
          <span className="field-error" role="alert" data-testid="settings-error">
            Some values were not saved: see the fields marked in red.
          </span>
        )}
        {status && !dirty && (
          <span className="settings-saved" role="status" data-testid="settings-saved">
            ✓ {status}
          </span>
        )}
        {dirty && !general && !Object.values(errors).some(Boolean) && <span className="muted">Unsaved changes</span>}
        <span className="spacer" />
        <button
          type="button"
          className="btn"
          disabled={!dirty || busy}
          onClick={() => {
            setDraft(draftOf(saved));
            setErrors({});
            saving.clear();
          }}
        >
          Discard
        </button>
        <button type="submit" className="btn primary" disabled={!dirty || busy} data-testid="settings-save">
          {busy ? 'Saving…' : 'Save changes'}
        </button>
      </div>
    </form>
  );
}
