import { describe, expect, it } from 'vitest';
import { displayName, initialsOf, initialsOfNames } from './names.ts';

describe('display names', () => {
  it('joins first and last name with one space', () => {
    expect(displayName('Asha', 'Rao')).toBe('Asha Rao');
  });
  it('trims when a part is empty or missing', () => {
    expect(displayName('Asha', '')).toBe('Asha');
    expect(displayName('', 'Rao')).toBe('Rao');
    expect(displayName(null, null)).toBe('');
    expect(displayName('Asha', undefined)).toBe('Asha');
  });
  it('takes initials from first and last name, else from the name', () => {
    expect(initialsOfNames('asha', 'rao', 'Asha Rao')).toBe('AR');
    expect(initialsOfNames('', '', 'zed')).toBe('ZE');
  });
  it('takes initials from the first two words of a name', () => {
    expect(initialsOf('Mary Ann Lee')).toBe('MA');
    expect(initialsOf('  cher ')).toBe('CH');
    expect(initialsOf('')).toBe('?');
  });
});
