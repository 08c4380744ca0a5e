import { describe, expect, it } from 'vitest';
import { MSG } from '../rules/messages.ts';
import { effectivePermissions, TEAM_PERMISSIONS } from '../rules/permissions.ts';
import { changePasswordBody, loginBody, resetPasswordBody, signupBody } from './auth.ts';
import { billingBody } from '../billing/schemas.ts';
import { createTeamBody } from './teams.ts';

/** The first message zod gives for a field, as the forms and the server show it. */
function messageFor(
  result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } },
  field: string,
) {
  return result.error?.issues.find((i) => i.path.join('.') === field)?.message;
}

const signup = {
  first_name: 'Asha',
  last_name: 'Rao',
  email: 'asha@example.com',
  password: 'Str0ng!Password#1',
};

describe('account rules (002 §5)', () => {
  it('checks e-mail pattern and the 100-character limit', () => {
    expect(messageFor(signupBody.safeParse({ ...signup, email: 'nope' }), 'email')).toBe(MSG.invalidEmail);
    expect(messageFor(signupBody.safeParse({ ...signup, email: `${'a'.repeat(95)}@x.com` }), 'email')).toBe(
      MSG.charLimit100,
    );
    expect(signupBody.parse({ ...signup, email: 'Asha@Example.COM' }).email).toBe('asha@example.com');
  });

  it('needs 12+ characters with lower, upper, digit and symbol', () => {
    for (const weak of [
      'Short1!a',
      'alllowercase1!x',
      'ALLUPPERCASE1!X',
      'NoDigitsHere!!',
      'NoSymbols12345',
    ]) {
      expect(messageFor(signupBody.safeParse({ ...signup, password: weak }), 'password')).toBe(
        MSG.passwordRule,
      );
    }
    expect(signupBody.safeParse(signup).success).toBe(true);
  });

  it("answers 'Password does not match' on the confirmation", () => {
    const r = changePasswordBody.safeParse({
      existing_password: 'x',
      new_password: 'Str0ng!Password#1',
      confirm_new_password: 'Other!Password#1',
    });
    expect(messageFor(r, 'confirm_new_password')).toBe(MSG.passwordMismatch);
  });

  it('trims every password value: sign-up, login, reset and change alike', () => {
    const padded = '  Secret#Pass-2026  ';
    expect(signupBody.parse({ ...signup, password: padded }).password).toBe('Secret#Pass-2026');
    expect(loginBody.parse({ email: signup.email, password: padded }).password).toBe('Secret#Pass-2026');
    const reset = resetPasswordBody.parse({
      token: 'x'.repeat(40),
      new_password: padded,
      confirm_new_password: 'Secret#Pass-2026',
    });
    expect(reset.new_password).toBe('Secret#Pass-2026');
    const change = changePasswordBody.parse({
      existing_password: ' old ',
      new_password: padded,
      confirm_new_password: padded,
    });
    expect(change).toMatchObject({ existing_password: 'old', new_password: 'Secret#Pass-2026' });
    expect(messageFor(loginBody.safeParse({ email: signup.email, password: '   ' }), 'password')).toBe(
      MSG.required,
    );
  });
});

describe('team rules', () => {
  const team = { name: 'Northlight Films', aws_region: 'ap-south-1', user_emails: ['a@example.com'] };
  it('accepts 30 characters and refuses 31', () => {
    expect(createTeamBody.safeParse({ ...team, name: 'a'.repeat(30) }).success).toBe(true);
    expect(messageFor(createTeamBody.safeParse({ ...team, name: 'a'.repeat(31) }), 'name')).toBe(
      MSG.teamNameTooLong,
    );
  });
  it('refuses special characters, a missing region and no members', () => {
    expect(messageFor(createTeamBody.safeParse({ ...team, name: 'Films & Co' }), 'name')).toBe(
      MSG.removeSpecialCharacters,
    );
    expect(messageFor(createTeamBody.safeParse({ ...team, aws_region: undefined }), 'aws_region')).toBe(
      MSG.required,
    );
    expect(messageFor(createTeamBody.safeParse({ ...team, user_emails: [] }), 'members')).toBe(MSG.required);
  });
  it('gives owners every permission code', () => {
    expect(effectivePermissions(['added_as_team_owner'])).toHaveLength(TEAM_PERMISSIONS.length);
    expect(effectivePermissions(['can_delete_team', 'unknown'])).toEqual(['can_delete_team']);
  });
});

describe('billing rules (002 §5)', () => {
  const billing = {
    team_id: '6f1c2f4e-8d7a-4b8e-9a51-0c1d2e3f4a5b',
    company_name: 'Northlight Films',
    biling_address: '12 Residency Road',
    contact_email: 'a@example.com',
    alternate_email: 'b@example.com',
    contact_person: 'Mira',
    state_code: '29',
  };
  it('checks GST: 2 digits, 5 letters, 4 digits, a letter, a non-zero alphanumeric, Z, an alphanumeric', () => {
    expect(billingBody.parse({ ...billing, gst_no: '29abcde1234f1z5' }).gst_no).toBe('29ABCDE1234F1Z5');
    for (const bad of ['29ABCDE1234F0Z5', '29ABCDE1234F1Y5', '29ABCDE1234F1Z', '2ABCDE1234F1Z55']) {
      expect(messageFor(billingBody.safeParse({ ...billing, gst_no: bad }), 'gst_no')).toBe(MSG.invalidGst);
    }
  });
  it('checks PAN: 5 letters, 4 digits, a letter; empty means none', () => {
    expect(messageFor(billingBody.safeParse({ ...billing, pan_number: 'ABCDE12345' }), 'pan_number')).toBe(
      MSG.invalidPan,
    );
    expect(billingBody.parse({ ...billing, pan_number: '' }).pan_number).toBeNull();
  });
});
