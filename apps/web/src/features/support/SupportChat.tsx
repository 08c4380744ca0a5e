import { useEffect } from 'react';
import { useSupportChat } from '../shell/api.ts';

declare global {
  interface Window {
    chatwootSettings?: Record<string, unknown>;
    chatwootSDK?: { run: (options: { websiteToken: string; baseUrl: string }) => void };
  }
}

const SCRIPT_ID = 'support-chat-sdk';

/**
 * The live-chat widget (spec 002 §4: shown 2 seconds after load): a self-hosted Chatwoot named by
 * SUPPORT_CHAT_BASE_URL and SUPPORT_CHAT_WEBSITE_TOKEN, answered by the support-chat call. Without
 * them nothing is loaded. Its script is Chatwoot's own SDK from that origin (the server's CSP lets
 * only that origin in); it runs once per page.
 */
export function SupportChat() {
  const settings = useSupportChat().data;

  useEffect(() => {
    if (!settings?.enabled || !settings.base_url || !settings.website_token) return;
    if (document.getElementById(SCRIPT_ID)) return;
    const { base_url: baseUrl, website_token: websiteToken } = settings;
    const load = () => {
      if (document.getElementById(SCRIPT_ID)) return;
      window.chatwootSettings = { position: 'right', type: 'standard', launcherTitle: '' };
      const script = document.createElement('script');
      script.id = SCRIPT_ID;
      script.src = `${baseUrl}/packs/js/sdk.js`;
      script.async = true;
      script.onload = () => window.chatwootSDK?.run({ websiteToken, baseUrl });
      document.body.appendChild(script);
    };
    // 2 s after the page's load event (the SDK never competes with the app's own first requests).
    let timer: number | undefined;
    const afterLoad = () => {
      timer = window.setTimeout(load, settings.delay_ms);
    };
    if (document.readyState === 'complete') afterLoad();
    else window.addEventListener('load', afterLoad, { once: true });
    return () => {
      window.removeEventListener('load', afterLoad);
      window.clearTimeout(timer);
    };
  }, [settings]);

  return null;
}
