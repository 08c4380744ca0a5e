/**
 * Puts `text` on the clipboard. The Clipboard API exists only in secure contexts (https, localhost):
 * a server reached over plain http by its network name or address has none, so the copy falls back to
 * the older selection copy, which browsers still allow within the user's click.
 */
export async function copyText(text: string): Promise<void> {
  if (window.isSecureContext && navigator.clipboard) return navigator.clipboard.writeText(text);
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    if (!document.execCommand('copy')) throw new Error('the browser refused to copy');
  } finally {
    area.remove();
  }
}
