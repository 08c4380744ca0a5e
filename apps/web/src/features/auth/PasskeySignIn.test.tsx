// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SIGNIN_UI } from '@rushes/shared';
import { freshProvidersPerTest, renderWithProviders } from '../../test/renderWithProviders.tsx';
import { PasskeySignIn } from './PasskeySignIn.tsx';

freshProvidersPerTest();
afterEach(() => {
  vi.unstubAllGlobals();
});

/** The page as a browser sees it: secure or not, with or without WebAuthn. */
function browserWith({ secure, webauthn }: { secure: boolean; webauthn: boolean }) {
  vi.stubGlobal('isSecureContext', secure);
  vi.stubGlobal('PublicKeyCredential', webauthn ? function PublicKeyCredential() {} : undefined);
}

describe('sign in with a passkey', () => {
  it('is offered where the browser has WebAuthn (HTTPS or localhost)', () => {
    browserWith({ secure: true, webauthn: true });
    renderWithProviders(<PasskeySignIn onSignedIn={() => {}} />);
    expect(screen.getByRole('button', { name: SIGNIN_UI.signInWithPasskey })).toBeTruthy();
    expect(screen.queryByText(SIGNIN_UI.passkeysNeedSecure)).toBeNull();
  });

  it('is not offered at an IP address (a passkey belongs to a domain), and the page says why', () => {
    browserWith({ secure: true, webauthn: true });
    const at = window.location.href;
    // happy-dom's own way to move the page to another origin
    const dom = (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM;
    dom.setURL('http://127.0.0.1:3000/login');
    try {
      expect(window.location.hostname).toBe('127.0.0.1');
      renderWithProviders(<PasskeySignIn onSignedIn={() => {}} />);
      expect(screen.queryByRole('button', { name: SIGNIN_UI.signInWithPasskey })).toBeNull();
      expect(screen.getByText(SIGNIN_UI.passkeysNeedSecure)).toBeTruthy();
    } finally {
      dom.setURL(at);
    }
  });

  it('is not offered at a plain http address, and the page says why', () => {
    browserWith({ secure: false, webauthn: false });
    renderWithProviders(<PasskeySignIn onSignedIn={() => {}} />);
    expect(screen.queryByRole('button', { name: SIGNIN_UI.signInWithPasskey })).toBeNull();
    expect(screen.getByText(SIGNIN_UI.passkeysNeedSecure)).toBeTruthy();
  });
});
