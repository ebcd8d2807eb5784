// @vitest-environment happy-dom
// An account row (search results, followers, likers) is one button-like control: like the other result
// rows it opens its profile with Enter or Space, and Space does not also scroll the list.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { User } from '../../../../shared/records';
import { UserRow } from '../../../../renderer/src/components/Cards';
import { useAppState } from '../../../../renderer/src/state/app';
import { useNavigation } from '../../../../renderer/src/state/navigation';

const user = { kind: 'user', id: '17841401474538262', username: 'synthetic_account', fullName: 'Synthetic Account', avatarUrl: null } as unknown as User;
const route = () => useNavigation.getState().entries[useNavigation.getState().index];

beforeEach(() => {
  useAppState.setState({ info: { mediaBase: 'http://127.0.0.1:9/app-media/' } as never });
  useNavigation.setState({ entries: [{ name: 'search', query: 'synthetic' }], ids: [0], index: 0 });
  render(createElement(UserRow, { user, detail: 'Account' }));
});
afterEach(() => cleanup());

describe('an account row', () => {
  it.each([
    ['Space', ' '],
    ['Enter', 'Enter'],
  ])('opens the profile with %s, and the key does nothing else', (_name, key) => {
    const row = screen.getByTestId('user-row');
    const notPrevented = fireEvent.keyDown(row, { key });
    expect(route()).toEqual({ name: 'profile', username: 'synthetic_account' });
    expect(notPrevented).toBe(false);
  });

  it('ignores other keys', () => {
    fireEvent.keyDown(screen.getByTestId('user-row'), { key: 'a' });
    expect(route()).toEqual({ name: 'search', query: 'synthetic' });
  });
});
