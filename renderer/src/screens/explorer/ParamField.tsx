// One parameter of the Explorer's form: its name, type, whether it is required, its constraint and
// default, and what is wrong with the value, said before anything is sent. Links pasted or typed into
// it are read into the value it takes (understand.ts).
import type { ClipboardEvent } from 'react';
import type { Field } from './form';
import { understand, type Understood } from './understand';

export interface FieldState {
  value: string;
  /** What the last link read said: the note of a value taken from it, or why it could not be. */
  read: Understood | null;
}

export function ParamField({ field, state, issue, onChange }: { field: Field; state: FieldState; issue: string | null; onChange: (state: FieldState) => void }) {
  const { spec } = field;
  const id = `param-${spec.name}`;
  const describedBy = [`${id}-about`, issue ? `${id}-issue` : null, state.read ? `${id}-read` : null].filter(Boolean).join(' ');
  const take = (text: string): boolean => {
    const read = understand(spec, text);
    if (read && 'value' in read) onChange({ value: read.value, read });
    else onChange({ value: text, read });
    return read !== null && 'value' in read;
  };
  const onPaste = (e: ClipboardEvent<HTMLInputElement>) => {
    const text = e.clipboardData.getData('text');
    // Only a whole-field paste is read: pasting into the middle of a value keeps the browser's paste.
    if (e.currentTarget.value !== '' && e.currentTarget.selectionStart !== 0) return;
    if (take(text)) e.preventDefault();
  };
  const common = {
    id,
    'aria-describedby': describedBy,
    'aria-invalid': issue ? true : undefined,
    'aria-required': spec.required || undefined,
    'data-testid': 'param-input',
    'data-param': spec.name,
  } as const;
  return (
    <div className={`explorer-field${issue ? ' invalid' : ''}`} data-testid="param-field" data-param={spec.name} data-type={spec.type} data-required={spec.required}>
      <label htmlFor={id} className="explorer-field-name">
        <code>{spec.name}</code>
        <span className="faint">{field.type}</span>
        {spec.required ? <span className="badge required">required</span> : <span className="faint">optional</span>}
      </label>
      {field.input === 'boolean' ? (
        <select {...common} value={state.value} onChange={(e) => onChange({ value: e.target.value, read: null })}>
          <option value="">{field.default === null ? 'not sent' : `not sent (service default: ${field.default})`}</option>
          <option value="true">true</option>
          <option value="false">false</option>
        </select>
      ) : (
        <input
          {...common}
          type="text"
          inputMode={field.input === 'number' ? 'decimal' : undefined}
          spellCheck={false}
          autoComplete="off"
          placeholder={field.default !== null ? `default: ${field.default}` : spec.required ? 'required' : ''}
          value={state.value}
          onChange={(e) => onChange({ value: e.target.value, read: null })}
          onPaste={onPaste}
          onBlur={(e) => {
            if (e.target.value.trim() !== '' && state.read === null) take(e.target.value.trim());
          }}
        />
      )}
      <div id={`${id}-about`} className="field-hint">
        {spec.description}
        {field.constraint && <span className="explorer-constraint"> · {field.constraint}</span>}
        {field.default !== null && field.input !== 'boolean' && <span> · default {field.default}</span>}
      </div>
      {state.read && (
        <div id={`${id}-read`} className={'value' in state.read ? 'field-hint explorer-read' : 'field-hint explorer-read hint'} data-testid="param-read">
          {'value' in state.read ? `Read from the link: ${state.read.note}.` : state.read.hint}
        </div>
      )}
      {issue && (
        <div id={`${id}-issue`} className="field-error" role="alert" data-testid="param-issue">
          {issue}
        </div>
      )}
    </div>
  );
}
