import { PUBLIC_UI } from '@rushes/shared';
import { PasswordInput, type PasswordInputProps } from '@mantine/core';

/**
 * A password input with a show/hide toggle. The toggle's accessible name avoids the word
 * "password" so getByLabel('Password') finds the input only.
 */
export function PasswordField(props: PasswordInputProps) {
  return (
    <PasswordInput
      autoComplete="current-password"
      visibilityToggleButtonProps={{ 'aria-label': PUBLIC_UI.toggleVisibility }}
      {...props}
    />
  );
}
