import { copyText } from '../../../ui/copyText.ts';
import { writeClipboard } from '../linkDialog.tsx';

/**
 * Copies an address the server is still answering. Where the Clipboard API exists the write starts
 * within the click (Safari refuses one after an await); over plain http (no Clipboard API) the
 * older selection copy runs when the address comes, still within the click's activation. Answers
 * the address; rejects with it (`CopyRefused`) when the browser refused, so it can be shown to copy
 * by hand.
 */
export async function copyLinkFrom(url: Promise<string>): Promise<string> {
  if (window.isSecureContext && navigator.clipboard) {
    try {
      await writeClipboard(url);
      return await url;
    } catch (error) {
      throw new CopyRefused(await url, error);
    }
  }
  const text = await url;
  await copyText(text).catch((error: unknown) => {
    throw new CopyRefused(text, error);
  });
  return text;
}

export class CopyRefused extends Error {
  constructor(
    readonly url: string,
    cause: unknown,
  ) {
    super('the browser refused to copy', { cause });
  }
}
