import { Divider, Stack } from '@mantine/core';
import type { PanelBaseProps } from '../../app/panels/registry.ts';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';
import { ProfileSection } from './ProfileSection.tsx';
import { TwoFactorToggle } from './TwoFactorToggle.tsx';
import { SecuritySection } from '../security/SecuritySection.tsx';
import { ApiTokensSection } from '../apiTokens/ApiTokensSection.tsx';
import { RecentSecurityActivity } from '../audit/RecentSecurityActivity.tsx';

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
      <SecuritySection />
      <Divider />
      <RecentSecurityActivity />
      <Divider />
      <ApiTokensSection />
    </Stack>
  );
}
