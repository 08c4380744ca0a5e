import { describe, expect, it } from 'vitest';
import { resolveTeam } from './selectedTeam.ts';

const team = (team_db_id: string, is_personal = false) => ({ team_db_id, is_personal });

describe('the selected team (spec 002 §2 Team switcher)', () => {
  const teams = [team('studio'), team('mine', true), team('agency')];

  it("is the stored team when it is one of the user's", () => {
    expect(resolveTeam(teams, 'agency')?.team_db_id).toBe('agency');
  });

  it('falls back to the personal team for a team that is not theirs, or none stored', () => {
    for (const stored of ['someone-elses', '', null, undefined])
      expect(resolveTeam(teams, stored)?.team_db_id, String(stored)).toBe('mine');
  });

  it('without a stored team of theirs, is the team they last switched to on any device while still theirs', () => {
    for (const stored of [null, 'someone-elses'])
      expect(resolveTeam(teams, stored, 'agency')?.team_db_id, String(stored)).toBe('agency');
    expect(resolveTeam(teams, 'studio', 'agency')?.team_db_id).toBe('studio');
    expect(resolveTeam(teams, null, 'a-team-they-left')?.team_db_id).toBe('mine');
  });

  it('falls back to the first team without a personal one, and to none without teams', () => {
    expect(resolveTeam([team('studio'), team('agency')], 'gone')?.team_db_id).toBe('studio');
    expect(resolveTeam([], 'studio')).toBeUndefined();
  });
});
