import { describe, expect, it } from 'vitest';
import {
  daysToRenewal,
  isValidStorageAddition,
  renewalQuote,
  storageQuote,
  upgradeQuote,
} from './pricing.ts';

const d = (iso: string) => new Date(iso);
const free = { amount: 0, is_free: true };
const pro = { amount: 1499, is_free: false, amount_per_gb_storage: 2, storage_size_addition_step: 100 };
const team = { amount: 4999, is_free: false, amount_per_gb_storage: 2, storage_size_addition_step: 100 };

describe('days to the renewal date', () => {
  it.each([
    ['mid-cycle', '2027-05-10T15:00:00Z', '2027-05-25T00:00:00Z', 15],
    ['the renewal day', '2027-05-25T09:00:00Z', '2027-05-25T00:00:00Z', 0],
    ['lapsed', '2027-05-27T09:00:00Z', '2027-05-25T00:00:00Z', 0],
    ['February of a leap year', '2028-02-10T23:59:00Z', '2028-03-01T00:00:00Z', 20],
    ['February of a common year', '2027-02-10T23:59:00Z', '2027-03-01T00:00:00Z', 19],
  ])('%s', (_, now, renewal, days) => {
    expect(daysToRenewal(d(renewal), d(now))).toBe(days);
  });
});

describe('upgrade prorated by days to the renewal date (30-day month)', () => {
  it.each([
    // from, to, renewal, now, paise, renewal after
    ['Free → Pro: a whole month, new cycle', free, pro, null, '2027-05-10T12:00:00Z', 149_900, '2027-06-09'],
    [
      'Pro → Team mid-cycle (15 of 30 days)',
      pro,
      team,
      '2027-05-25',
      '2027-05-10T12:00:00Z',
      175_000,
      '2027-05-25',
    ],
    ['Pro → Team with 1 day left', pro, team, '2027-05-25', '2027-05-24T23:00:00Z', 11_667, '2027-05-25'],
    [
      'Pro → Team, leap February (20 days)',
      pro,
      team,
      '2028-03-01',
      '2028-02-10T08:00:00Z',
      233_333,
      '2028-03-01',
    ],
    [
      'Pro → Team on the renewal day: a whole month',
      pro,
      team,
      '2027-05-25',
      '2027-05-25T08:00:00Z',
      499_900,
      '2027-06-24',
    ],
  ])('%s', (_, from, to, renewal, now, paise, after) => {
    const q = upgradeQuote(from, to, renewal ? d(`${renewal}T00:00:00Z`) : null, d(now));
    expect(q.amountPaise).toBe(paise);
    expect(q.renewalDate.toISOString().slice(0, 10)).toBe(after);
  });
});

describe('add storage: 100 × amount_per_gb_storage PSC per month per step, prorated', () => {
  it.each([
    ['one step, full month left', 100, '2027-06-09', '2027-05-10T00:00:00Z', 20_000, 30],
    ['two steps, 15 days left', 200, '2027-05-25', '2027-05-10T00:00:00Z', 20_000, 15],
    ['one step on the renewal day: a whole month', 100, '2027-05-25', '2027-05-25T18:00:00Z', 20_000, 30],
    ['one step, 7 days left (rounded to the paisa)', 100, '2027-05-17', '2027-05-10T00:00:00Z', 4_667, 7],
    ['one step, leap February (20 days)', 100, '2028-03-01', '2028-02-10T00:00:00Z', 13_333, 20],
  ])('%s', (_, gb, renewal, now, paise, days) => {
    const q = storageQuote(pro, gb, d(`${renewal}T00:00:00Z`), d(now));
    expect(q.amountPaise).toBe(paise);
    expect(q.days).toBe(days);
  });

  it('refuses 0, negatives and values off the step', () => {
    expect(isValidStorageAddition(100, 100)).toBe(true);
    expect(isValidStorageAddition(300, 100)).toBe(true);
    expect(isValidStorageAddition(0, 100)).toBe(false);
    expect(isValidStorageAddition(-100, 100)).toBe(false);
    expect(isValidStorageAddition(150, 100)).toBe(false);
    expect(isValidStorageAddition(100, 0)).toBe(false);
  });
});

describe('renewal by months', () => {
  it.each([
    ['1 month, no add-on', 0, 1, '2027-05-25', '2027-05-10T00:00:00Z', 149_900, '2027-06-24'],
    [
      '3 months with 200 GB add-on',
      200,
      3,
      '2027-05-25',
      '2027-05-10T00:00:00Z',
      3 * (149_900 + 40_000),
      '2027-08-23',
    ],
    ['lapsed: from today', 0, 1, '2027-05-01', '2027-05-10T10:00:00Z', 149_900, '2027-06-09'],
  ])('%s', (_, added, months, renewal, now, paise, after) => {
    const q = renewalQuote(pro, added, months, d(`${renewal}T00:00:00Z`), d(now));
    expect(q.amountPaise).toBe(paise);
    expect(q.renewalDate.toISOString().slice(0, 10)).toBe(after);
  });
});
