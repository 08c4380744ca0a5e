/** An IPv4 or IPv6 literal (a bracketed one as URL hostnames write it). */
const isIpAddress = (hostname: string) =>
  /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname) || hostname.includes(':') || hostname.startsWith('[');

/**
 * Whether passkeys can work at this address. The browser offers WebAuthn only in a secure context
 * (HTTPS, or localhost over HTTP), and a passkey belongs to a domain: at an IP address (127.0.0.1, a
 * LAN address) the browser refuses to make or use one. Elsewhere the screens say why instead of
 * offering passkeys. Apart from the passkey calls, so the login page can ask without loading them.
 */
export const passkeysAvailable = () =>
  typeof window !== 'undefined' &&
  window.isSecureContext &&
  typeof window.PublicKeyCredential === 'function' &&
  !isIpAddress(window.location.hostname);
