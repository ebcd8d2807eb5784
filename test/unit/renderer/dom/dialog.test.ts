// @vitest-environment happy-dom
// The app's one dialog as a component: opened modal with the focus on the button that does not spend,
// Esc closes it unless main is busy with it, Tab and Shift+Tab cycle inside it, and the focus goes back to
// what opened it.
import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { createElement, Fragment } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Dialog } from '../../../../renderer/src/components/Dialog';

// happy-dom lays nothing out: every element counts as shown for the focus trap.
// (This file's environment is its own: the stand-in needs no undoing.)
beforeAll(() => {
  HTMLElement.prototype.getClientRects = () => [{}] as unknown as DOMRectList;
});
afterEach(() => cleanup());

function spendDialog(onClose: () => void, busy = false) {
  const children = createElement(
    Fragment,
    null,
    createElement('input', { 'aria-label': 'Budget' }),
    createElement('button', { type: 'button', 'data-autofocus': true }, 'Cancel'),
    createElement('button', { type: 'button' }, 'Spend 40 requests'),
  );
  return createElement(Dialog, { title: 'Spend 40 requests?', onClose, busy, testId: 'spend', children });
}

describe('Dialog', () => {
  it('opens modal, named by its title, with the focus on the button that does not spend', () => {
    const view = render(spendDialog(() => undefined));
    const dialog = view.getByTestId('spend') as HTMLDialogElement;
    expect(dialog.open).toBe(true);
    expect(dialog.getAttribute('aria-labelledby')).toBeTruthy();
    expect(document.getElementById(dialog.getAttribute('aria-labelledby')!)?.textContent).toBe('Spend 40 requests?');
    expect(document.activeElement?.textContent).toBe('Cancel');
  });

  it('closes on Esc, but not while main is working on it', () => {
    const onClose = vi.fn();
    const view = render(spendDialog(onClose));
    fireEvent(view.getByTestId('spend'), new Event('cancel', { cancelable: true }));
    expect(onClose).toHaveBeenCalledTimes(1);
    view.rerender(spendDialog(onClose, true));
    fireEvent(view.getByTestId('spend'), new Event('cancel', { cancelable: true }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('keeps Tab inside: from the last control to the first, Shift+Tab from the first to the last', () => {
    const view = render(spendDialog(() => undefined));
    const budget = view.getByLabelText('Budget');
    const spend = view.getByText('Spend 40 requests');
    spend.focus();
    fireEvent.keyDown(spend, { key: 'Tab' });
    expect(document.activeElement).toBe(budget);
    fireEvent.keyDown(budget, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(spend);
  });

  it('gives the focus back to what opened it when it closes', () => {
    const opener = document.createElement('button');
    document.body.append(opener);
    opener.focus();
    const view = render(spendDialog(() => undefined));
    expect(document.activeElement).not.toBe(opener);
    act(() => view.unmount());
    expect(document.activeElement).toBe(opener);
    opener.remove();
  });
});
