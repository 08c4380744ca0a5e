import { Divider, Stack } from '@mantine/core';
import type { PanelBaseProps } from '../../app/panels/registry.ts';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';
import { ProfileSection } from './ProfileSection.tsx';
import { TwoFactorToggle } from './TwoFactorToggle.tsx';
import { AccessTokensSection } from '../camera/AccessTokensSection.tsx';

/** Account settings (spec 002 §2): profile (Coming Soon), Change Password, two-factor toggle, access tokens. */
export default function AccountSettingsPanel(_props: PanelBaseProps) {
  return (
    <Stack gap="lg">
      <ProfileSection />
      <Divider />
      <ChangePasswordForm />
      <Divider />
      <TwoFactorToggle scope="account" />
      <Divider />
      <AccessTokensSection />
    </Stack>
  );
}
