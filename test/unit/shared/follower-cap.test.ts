// A followers list that ends short of the profile's count because of the service's outsider cap is told
// apart from one that simply ended (a list of following, an account with few followers).
import { describe, expect, it } from 'vitest';
import { FOLLOWER_CAP, followerCapNote, isCappedFollowers } from '../../../shared/follower-cap';

describe('the followers cap', () => {
  it('is what a list of 50 followers of a 5,484-follower account is', () => {
    expect(isCappedFollowers(FOLLOWER_CAP, 5484)).toBe(true);
    expect(followerCapNote(50, 5484)).toBe('The service shows outsiders only about the first 50 followers: 50 of 5,484.');
  });

  it('is not a list that holds every follower, or one whose count is unknown, or one longer than the cap', () => {
    expect(isCappedFollowers(12, 12)).toBe(false);
    expect(isCappedFollowers(50, null)).toBe(false);
    expect(isCappedFollowers(180, 200)).toBe(false);
  });
});
